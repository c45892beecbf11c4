import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { solveChallenge } from 'altcha-lib/v1';

/**
 * Real server processes for the crash and scale-out suites (issue 15): `node --import tsx
 * src/server/main.ts` on a port of its own, as test/e2e/support.ts starts one, without the SPA (the
 * API only). Calls go over HTTP, as a browser's would.
 */

export const freePort = (): Promise<number> => new Promise((resolve, reject) => {
  const srv = createServer();
  srv.listen(0, '127.0.0.1', () => {
    const addr = srv.address();
    const port = typeof addr === 'object' && addr ? addr.port : 0;
    srv.close(() => resolve(port));
  });
  srv.on('error', reject);
});

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A small seeded generator (mulberry32), so the kill moments are the same on every run. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Portal {
  url: string;
  port: number;
  child: ChildProcess;
  log(): string;
  /** SIGKILL, and waits until the process is gone */
  kill(): Promise<void>;
  /** SIGTERM (the server's own shutdown), SIGKILL after 10 s */
  stop(): Promise<void>;
}

/** Starts a server on `env` (DATA_DIR, DATABASE_URL...) and waits until it answers. */
export async function startServer(env: Record<string, string>, port?: number): Promise<Portal> {
  const p = port ?? await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(p), APP_ENV: 'development', ALTCHA_MAX_NUMBER: '1000', QUEUE_POLL_MS: '100', TRUST_PROXY: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (d) => (log += String(d)));
  child.stderr?.on('data', (d) => (log += String(d)));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const url = `http://127.0.0.1:${p}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited at start-up:\n${log}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) { await res.arrayBuffer(); break; }
    } catch { /* not listening yet */ }
    if (Date.now() > deadline) { child.kill('SIGKILL'); throw new Error(`server did not start in 90 s:\n${log}`); }
    await sleep(150);
  }
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  return {
    url, port: p, child, log: () => log,
    async kill() { if (!gone()) { child.kill('SIGKILL'); await exited; } },
    async stop() {
      if (gone()) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export interface Answer { status: number; body: Record<string, unknown> }

/** One JSON call; `address` goes in X-Forwarded-For (the servers trust one proxy hop). */
export async function api(base: string, method: string, path: string, opts: { body?: unknown; token?: string; address?: string; form?: FormData } = {}): Promise<Answer> {
  const headers: Record<string, string> = { 'Accept-Language': 'pt-BR', 'X-Forwarded-For': opts.address ?? randomAddress() };
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  const res = await fetch(`${base}/api/v1${path}`, { method, headers, body: opts.form ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)) });
  const text = await res.text();
  let body: Record<string, unknown>;
  try { body = text ? (JSON.parse(text) as Record<string, unknown>) : {}; } catch { body = { text }; }
  return { status: res.status, body };
}

let addressSeq = 0;
export const randomAddress = (): string => {
  addressSeq += 1;
  return `10.${process.pid % 250}.${Math.floor(addressSeq / 250) % 250}.${addressSeq % 250}`;
};

let phoneSeq = 0;
/** A phone unique to this run (55 11 9 + 8 digits). */
export const newPhone = (): string => {
  phoneSeq += 1;
  return `55119${String(process.pid % 10_000).padStart(4, '0')}${String(phoneSeq).padStart(4, '0')}`;
};

export async function botCheck(base: string): Promise<string> {
  const ch = (await api(base, 'GET', '/altcha/challenge')).body as { algorithm: string; challenge: string; salt: string; signature: string; maxnumber: number };
  const solution = await solveChallenge(ch.challenge, ch.salt, ch.algorithm, ch.maxnumber).promise;
  if (!solution) throw new Error('bot check not solved');
  return Buffer.from(JSON.stringify({ algorithm: ch.algorithm, challenge: ch.challenge, number: solution.number, salt: ch.salt, signature: ch.signature })).toString('base64');
}

export const requestSecret = () => randomBytes(32).toString('base64url');

export async function requestCode(base: string, phone: string, secret: string, opts: { address?: string; type?: 'SIGN_UP' | 'SIGN_IN' } = {}): Promise<Answer> {
  return api(base, 'POST', '/queue/sms', {
    body: { phone, coupon: null, secret, recaptcha: await botCheck(base), type: opts.type ?? 'SIGN_UP', resend: false },
    address: opts.address,
  });
}

export async function outboxOf(base: string, to: string): Promise<{ code: string | null; channel: string }[]> {
  // the outbox answers only this machine: the proxies name the test itself as the client
  return (await api(base, 'GET', `/dev/outbox?to=${encodeURIComponent(to)}`, { address: '127.0.0.1' })).body.messages as { code: string | null; channel: string }[];
}

/** Waits until `to` has `count` messages; returns them (newest first). */
export async function waitForMessages(base: string, to: string, count: number, ms = 30_000): Promise<{ code: string | null }[]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const messages = await outboxOf(base, to).catch(() => []);
    if (messages.length >= count) return messages;
    if (Date.now() > deadline) throw new Error(`${to}: ${messages.length} of ${count} messages after ${ms} ms`);
    await sleep(300);
  }
}

export const signUpBody = (phone: string, proof: string) => ({
  name: 'Joana Ribeiro', email: `joana.${phone}@exemplo.com.br`, state: 'SP', city: 3509502, unit_type: 'RESIDENCIAL',
  bill: 420, phone, coupon: null, hasPartnership: false, terms: true, phone_proof: proof,
});

/** Code by SMS, confirm-number, sign-up, each call on the next of `bases` (round robin). */
export async function signUp(bases: string[] | string, phone = newPhone(), address = randomAddress()): Promise<{ phone: string; token: string; id: number }> {
  const at = Array.isArray(bases) ? bases : [bases];
  let i = 0;
  const next = () => at[i++ % at.length]!;
  const secret = requestSecret();
  const queued = await requestCode(next(), phone, secret, { address });
  if (queued.status !== 202) throw new Error(`code request: ${queued.status} ${JSON.stringify(queued.body)}`);
  const [message] = await waitForMessages(next(), phone, 1);
  const confirm = await api(next(), 'POST', '/portal/confirm-number', { body: { phone, code: message!.code, secret }, address });
  if (confirm.status !== 200) throw new Error(`confirm: ${confirm.status} ${JSON.stringify(confirm.body)}`);
  const created = await api(next(), 'POST', '/portal/customers', { body: signUpBody(phone, String(confirm.body.phone_proof)), address });
  if (created.status !== 201) throw new Error(`sign-up: ${created.status} ${JSON.stringify(created.body)}`);
  const token = String(created.body.access_token);
  const id = Number((await api(next(), 'GET', '/portal/customers', { token })).body.id);
  return { phone, token, id };
}

export const BILL_PDF = () => readFileSync(join(process.cwd(), 'test', 'fixtures', 'bills', 'cemig-clean-residential.pdf'));

export async function uploadBill(base: string, token: string): Promise<Answer> {
  const form = new FormData();
  form.append('file', new Blob([BILL_PDF()], { type: 'application/pdf' }), 'conta.pdf');
  return api(base, 'POST', '/portal/customers/bills?is_holder=true', { token, form });
}

/** The customer's steps (type -> status). */
export async function stepsOf(base: string, token: string): Promise<{ type: string; status: string }[]> {
  return ((await api(base, 'GET', '/portal/customers/steps', { token })).body.data ?? []) as { type: string; status: string }[];
}

export async function waitForStep(bases: string[] | string, token: string, type: string, status: string, ms = 60_000): Promise<void> {
  const at = Array.isArray(bases) ? bases : [bases];
  const deadline = Date.now() + ms;
  for (let i = 0; ; i++) {
    const steps = await stepsOf(at[i % at.length]!, token).catch(() => []);
    if (steps.some((s) => s.type === type && s.status === status)) return;
    if (Date.now() > deadline) throw new Error(`no ${type} ${status}: ${JSON.stringify(steps)}`);
    await sleep(250);
  }
}

/**
 * A multipart upload written slowly, in `chunks` pieces: resolves once the first `sentBefore` of
 * them are written, so the caller can kill the server while the rest of the body is still to come.
 * The request's own outcome (an error when the server dies) is swallowed.
 */
export function slowUpload(base: string, path: string, token: string, field: string, file: Buffer, name: string, type: string, opts: { chunks: number; sentBefore: number; gapMs: number }): Promise<void> {
  const boundary = `----resilience${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = Buffer.concat([head, file, tail]);
  const url = new URL(`${base}/api/v1${path}`);
  return new Promise((resolve) => {
    const req = request({
      host: url.hostname, port: url.port, path: url.pathname + url.search, method: 'POST',
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': body.length, Authorization: `Bearer ${token}`, 'X-Forwarded-For': randomAddress() },
    });
    req.on('error', () => resolve());
    req.on('response', (res) => { res.resume(); resolve(); });
    const size = Math.ceil(body.length / opts.chunks);
    let i = 0;
    const write = () => {
      if (i >= opts.chunks) { req.end(); return; }
      req.write(body.subarray(i * size, (i + 1) * size));
      i += 1;
      if (i === opts.sentBefore) resolve();
      setTimeout(write, opts.gapMs);
    };
    write();
  });
}

/** Every file under `dir` (relative paths), leaving out the staging folder when `skipStaging`. */
export function filesUnder(dir: string, prefix = ''): string[] {
  let names: string[];
  try { names = readdirSync(join(dir, prefix)); } catch { return []; }
  return names.flatMap((n) => {
    const rel = prefix ? `${prefix}/${n}` : n;
    return statSync(join(dir, rel)).isDirectory() ? filesUnder(dir, rel) : [rel];
  });
}

// ---- PostgreSQL databases of a suite's own ----

export const PG_ADMIN = 'postgres://postgres@127.0.0.1:5432/postgres';

/** The server's admin URL: DATABASE_URL's server (its `postgres` database), else 127.0.0.1:5432. */
export function adminUrl(): string {
  if (!process.env.DATABASE_URL) return PG_ADMIN;
  const u = new URL(process.env.DATABASE_URL);
  u.pathname = '/postgres';
  return u.toString();
}

export async function pgReachable(url = adminUrl()): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try { await client.connect(); await client.query('select 1'); return true; } catch { return false; } finally { await client.end().catch(() => {}); }
}

/** A fresh database on the admin URL's server; its URL. */
export async function createDatabase(name: string, admin = adminUrl()): Promise<string> {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}"`);
  } finally { await client.end(); }
  const u = new URL(admin);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function dropDatabase(name: string, admin = adminUrl()): Promise<void> {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try { await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`); } finally { await client.end(); }
}
