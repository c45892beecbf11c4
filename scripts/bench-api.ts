/**
 * API benchmark: the profile read (GET /api/v1/portal/customers) and the steps read
 * (GET /api/v1/portal/customers/steps) under 50 connections spread over 20 signed-in customers,
 * beside a bare Hono endpoint doing one primary-key query on the same database, in alternating
 * rounds of one run (bare, profile, steps, bare, profile, steps...). On PGlite, and on PostgreSQL
 * when DATABASE_URL is set or one answers at 127.0.0.1:5432 (a temporary database, dropped after).
 * Prints req/s, p50 and p99 per endpoint and their ratio to bare, and checks the targets: at least
 * 60 % of bare's req/s, p99 at most twice bare's, p99 at most 25 ms (on a quiet machine).
 *
 * Usage: npm run bench:api [-- --seconds 5 --rounds 3 --connections 50 --customers 20 --only pglite|postgres --targets profile,steps --strict --cpu-prof DIR]
 * --strict exits 1 when a target is missed; --targets profile|steps runs one of them beside bare;
 * --cpu-prof DIR writes the server's CPU profile of the measured rounds there. The server runs in a child process (this script with
 * --serve) so the load generator does not share its event loop.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import pg from 'pg';
import { createApp } from '../src/server/app';
import { openSession } from '../src/server/auth/sessions';
import { DEFAULT_LIMITS, systemClock, type AppDeps } from '../src/server/config';
import { processReactions } from '../src/server/process/reactions';
import { openDatabase, type Database } from '../src/server/platform/db/index';
import { loadReferenceData } from '../src/server/platform/db/reference';
import { bills, customers, uploads } from '../src/server/platform/db/schema';
import { applyProcessEvent, startProcess } from '../src/server/process/host';
import { localProviders } from '../src/server/providers/messaging/index';
import { localStorage } from '../src/server/providers/storage/index';

const args = process.argv.slice(2);
const opt = (name: string, fallback: string): string => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};

interface Ready { port: number; tokens: string[]; ids: number[] }

// ---------------------------------------------------------------- the server (child process)

/** Customers in a spread of states: some just signed up, some with a bill in analysis or approved. */
async function seed(database: Database, count: number): Promise<Omit<Ready, 'port'>> {
  const { db } = database;
  const clock = systemClock;
  const tokens: string[] = [];
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const now = clock.now();
    const phone = `5511990${String(process.pid % 1000).padStart(3, '0')}${String(i).padStart(3, '0')}`;
    const { id, token } = await db.transaction(async (tx) => {
      const [c] = await tx.insert(customers).values({
        name: `Cliente Bench ${i}`, email: `bench.${i}.${process.pid}@example.com`, phone, type: 'CPF', unitType: 'RESIDENCIAL',
        billValue: 350 + i, stateCode: 'SP', cityId: 3550308, franchiseeId: 'FR-SP', createdAt: now, updatedAt: now,
      }).returning({ id: customers.id });
      if (!c) throw new Error('customer insert returned nothing');
      await startProcess(tx, clock, c.id);
      return { id: c.id, token: await openSession(tx, { clock }, c.id) };
    });
    if (i % 2 === 1) {
      const [u] = await db.insert(uploads).values({
        customerId: id, purpose: 'bill', storageKey: `bench-${process.pid}-${i}`, originalName: 'fatura.pdf', kind: 'pdf', size: 1000, createdAt: now,
      }).returning({ id: uploads.id });
      await db.insert(bills).values({ customerId: id, uploadId: u!.id, isHolder: true, status: i % 4 === 1 ? 'WAITING' : 'APPROVED', createdAt: now });
      await applyProcessEvent(db, clock, id, { type: 'bill.submitted' });
      if (i % 4 === 3) await applyProcessEvent(db, clock, id, { type: 'bill.approved' });
    }
    tokens.push(token);
    ids.push(id);
  }
  return { tokens, ids };
}

async function serveBench(): Promise<void> {
  const profiler = new Session();
  const kind = opt('serve', 'pglite');
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  const database = await openDatabase(kind === 'postgres' ? { databaseUrl: opt('url', '') } : { pgliteDir: join(dataDir, 'pglite') });
  await database.migrate();
  await loadReferenceData(database.db);
  const seeded = await seed(database, Number(opt('customers', '20')));
  const { db } = database;
  const deps: AppDeps = {
    db, clock: systemClock, reactions: processReactions, secret: 'bench-secret-0123456789abcdef0123456789', providers: localProviders(db, systemClock),
    altchaMaxNumber: 1000, production: true, limits: DEFAULT_LIMITS, trustProxy: 0, storage: localStorage(join(dataDir, 'uploads')),
  };
  // The bare endpoint exists only here: one primary-key query on the same database, no middleware.
  const outer = new Hono();
  let inFlight = 0;
  outer.use('*', async (_c, next) => {
    inFlight++;
    try {
      await next();
    } finally {
      inFlight--;
    }
  });
  outer.get('/bench/bare/:id', async (c) => {
    const [row] = await db.select({ id: customers.id, name: customers.name }).from(customers).where(eq(customers.id, Number(c.req.param('id'))));
    return c.json(row ?? null);
  });
  outer.route('/', createApp(deps));
  const server = serve({ fetch: outer.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
    process.send?.({ port: info.port, ...seeded } satisfies Ready);
  });
  process.on('message', (m) => {
    if (m === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send?.({ cpu: user + system });
      return;
    }
    if (m === 'profile') {
      // --cpu-prof DIR: the server's CPU profile of the measured rounds only (not its start-up)
      profiler.connect();
      profiler.post('Profiler.enable', () => profiler.post('Profiler.start'));
      return;
    }
    if (m !== 'stop') return;
    // the last round's requests still in flight finish before the database closes
    server.close();
    const closed = new Promise<void>((resolve) => {
      const poll = setInterval(() => {
        if (inFlight > 0) return;
        clearInterval(poll);
        resolve();
      }, 50);
    });
    const profiled = new Promise<void>((resolve) => {
      if (!opt('cpu-prof', '')) return resolve();
      profiler.post('Profiler.stop', (err, r) => {
        if (!err) writeFileSync(join(opt('cpu-prof', ''), `bench-api-${kind}-${process.pid}.cpuprofile`), JSON.stringify(r.profile));
        resolve();
      });
    });
    void Promise.all([closed, profiled]).then(() => database.close()).finally(() => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
  });
}

// ---------------------------------------------------------------- the load (parent process)

interface Round { requests: number; seconds: number; p50: number; p99: number; errors: number; cpuUs: number }
type Target = 'bare' | 'profile' | 'steps';
const TARGETS: Target[] = ['bare', 'profile', 'steps'];

/** The server process's CPU time so far (µs): per request, a figure the other processes on the machine disturb less than req/s. */
function serverCpu(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const on = (m: unknown) => {
      if (typeof m === 'object' && m !== null && 'cpu' in m) {
        child.off('message', on);
        resolve((m as { cpu: number }).cpu);
      }
    };
    child.on('message', on);
    child.send('cpu');
  });
}

/** One round against one endpoint: `connections` keep-alive connections, customers taken in turn. */
async function round(child: ChildProcess, ready: Ready, target: Target, seconds: number, connections: number): Promise<Round> {
  let next = 0;
  const cpuBefore = await serverCpu(child);
  const result = await autocannon({
    url: `http://127.0.0.1:${ready.port}`,
    connections,
    duration: seconds,
    requests: [{
      method: 'GET',
      setupRequest: (req) => {
        const i = next++ % ready.tokens.length;
        if (target === 'bare') return { ...req, path: `/bench/bare/${ready.ids[i]}` };
        return {
          ...req,
          path: target === 'profile' ? '/api/v1/portal/customers' : '/api/v1/portal/customers/steps',
          headers: { ...req.headers, authorization: `Bearer ${ready.tokens[i]}` },
        };
      },
    }],
  });
  const cpuUs = await serverCpu(child) - cpuBefore;
  return {
    cpuUs,
    requests: result.requests.total,
    seconds: result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

interface Summary { rps: number; p50: number; p99: number; errors: number; cpuPerRequest: number }
const summarise = (rounds: Round[]): Summary => ({
  cpuPerRequest: rounds.reduce((n, r) => n + r.cpuUs, 0) / Math.max(1, rounds.reduce((n, r) => n + r.requests, 0)),
  rps: rounds.reduce((n, r) => n + r.requests, 0) / rounds.reduce((n, r) => n + r.seconds, 0),
  p50: median(rounds.map((r) => r.p50)),
  p99: median(rounds.map((r) => r.p99)),
  errors: rounds.reduce((n, r) => n + r.errors, 0),
});

function startServer(kind: 'pglite' | 'postgres', url: string): Promise<{ child: ChildProcess; ready: Ready }> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve', kind, '--url', url, '--customers', opt('customers', '20'), '--cpu-prof', opt('cpu-prof', '')], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve({ child, ready: m as Ready }));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

async function stopServer(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once('exit', r));
  child.send('stop');
  await exited;
}

/** A PostgreSQL to bench on: DATABASE_URL, or a local one that answers at 127.0.0.1:5432. */
async function postgresUrl(): Promise<string | null> {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const open = await new Promise<boolean>((resolve) => {
    const s = createConnection({ host: '127.0.0.1', port: 5432 });
    s.setTimeout(1000);
    s.once('connect', () => { s.destroy(); resolve(true); });
    s.once('error', () => resolve(false));
    s.once('timeout', () => { s.destroy(); resolve(false); });
  });
  return open ? `postgres://${process.env.PGUSER ?? 'postgres'}@127.0.0.1:5432/${process.env.PGDATABASE ?? 'postgres'}` : null;
}

const TARGET_RATIO = 0.6;
const TARGET_P99_MS = 25;

async function benchOn(kind: 'pglite' | 'postgres', url: string): Promise<boolean> {
  const seconds = Number(opt('seconds', '5'));
  const rounds = Number(opt('rounds', '3'));
  const connections = Number(opt('connections', '50'));
  // --targets profile,steps: bare always runs (the ratios need it)
  const targets = TARGETS.filter((t) => t === 'bare' || opt('targets', 'profile,steps').split(',').includes(t));
  const { child, ready } = await startServer(kind, url);
  let ok = true;
  try {
    // warm-up: JIT, PGlite's caches, the pool's connections
    for (const t of targets) await round(child, ready, t, 1, connections);
    if (opt('cpu-prof', '')) {
      mkdirSync(opt('cpu-prof', ''), { recursive: true });
      child.send('profile');
    }
    const results: Record<Target, Round[]> = { bare: [], profile: [], steps: [] };
    for (let r = 0; r < rounds; r++) {
      for (const t of targets) results[t].push(await round(child, ready, t, seconds, connections));
    }
    const bare = summarise(results.bare);
    console.log(`\n${kind}: ${connections} connections over ${ready.tokens.length} customers, ${rounds} alternating rounds of ${seconds} s`);
    console.log(`${'endpoint'.padEnd(34)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'of bare'.padStart(10)}${'p99/bare'.padStart(10)}${'cpu µs/req'.padStart(12)}  errors`);
    for (const t of targets) {
      const s = summarise(results[t]);
      const name = t === 'bare' ? 'bare (GET by primary key)' : t === 'profile' ? 'GET /portal/customers' : 'GET /portal/customers/steps';
      const ratio = s.rps / bare.rps;
      const p99Ratio = s.p99 / Math.max(bare.p99, 1);
      console.log(`${name.padEnd(34)}${s.rps.toFixed(0).padStart(9)}${s.p50.toFixed(1).padStart(9)}${s.p99.toFixed(1).padStart(9)}${`${(ratio * 100).toFixed(0)} %`.padStart(10)}${p99Ratio.toFixed(2).padStart(10)}${s.cpuPerRequest.toFixed(0).padStart(12)}  ${s.errors}`);
      if (s.errors > 0) ok = false;
      if (t === 'bare') continue;
      const misses = [
        ratio < TARGET_RATIO ? `req/s ${(ratio * 100).toFixed(0)} % of bare < ${TARGET_RATIO * 100} %` : '',
        s.p99 > 2 * Math.max(bare.p99, 1) ? `p99 more than twice bare's` : '',
        s.p99 > TARGET_P99_MS ? `p99 ${s.p99.toFixed(1)} ms > ${TARGET_P99_MS} ms (a target on a quiet machine)` : '',
      ].filter(Boolean);
      if (misses.length > 0) {
        ok = false;
        console.log(`  ✗ ${misses.join('; ')}`);
      }
    }
    console.log(`  per round req/s: ${targets.map((t) => `${t} ${results[t].map((r) => (r.requests / r.seconds).toFixed(0)).join('/')}`).join(', ')}`);
  } finally {
    await stopServer(child);
  }
  return ok;
}

async function main(): Promise<void> {
  const only = opt('only', '');
  let ok = true;
  if (only !== 'postgres') ok = (await benchOn('pglite', '')) && ok;
  if (only !== 'pglite') {
    const base = await postgresUrl();
    if (!base) {
      console.log('\npostgres: none (set DATABASE_URL or run one at 127.0.0.1:5432); skipped');
    } else {
      const name = `portal_bench_${process.pid}`;
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      try {
        const u = new URL(base);
        u.pathname = `/${name}`;
        ok = (await benchOn('postgres', u.toString())) && ok;
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    }
  }
  console.log(ok ? '\nall targets met' : '\nsome targets missed');
  if (!ok && args.includes('--strict')) process.exit(1);
}

if (args.includes('--serve')) {
  await serveBench();
} else {
  await main();
}
