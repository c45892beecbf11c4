import type { Invoices } from '../../src/server/providers/payments/invoices';
import type { SignatureProvider } from '../../src/server/providers/signature/contract';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { adminQuery } from './pgAdmin';
import { inject } from 'vitest';
import { solveChallenge } from 'altcha-lib/v1';
import type { Hono } from 'hono';
import { createApp } from '../../src/server/app';
import { DEFAULT_LIMITS, type AppDeps, type AuthLimits, type Clock } from '../../src/server/config';
import { processReactions } from '../../src/server/process/reactions';
import { openDatabase, type Database, type Db } from '../../src/server/platform/db/index';
import { localProviders, type Providers } from '../../src/server/providers/messaging/index';
import { createWorker, type JobInfo } from '../../src/server/platform/queue/queue';
import { codeJobs } from '../../src/server/auth/delivery';
import { billJobs } from '../../src/server/bill/service';
import { analyseBill, type BillAnalysis } from '../../src/server/engines/bill-reader/index';
import { emailJobs } from '../../src/server/notification/jobs';
import { emailChangeJobs } from '../../src/server/profile/emailChange';
import { localStorage } from '../../src/server/providers/storage/index';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { outbox } from '../../src/server/platform/db/schema';
import { desc, eq } from 'drizzle-orm';

/** A clock tests move by hand: expiry and cooldowns without waiting. */
export interface TestClock extends Clock {
  advance(ms: number): void;
  set(date: Date): void;
}

export function testClock(start = new Date()): TestClock {
  let t = start.getTime();
  return { now: () => new Date(t), advance: (ms) => { t += ms; }, set: (d) => { t = d.getTime(); } };
}

export interface OutboxMessage { channel: 'sms' | 'whatsapp' | 'email'; to: string; body: string; code: string | null; created_at: string }

export interface TestServerOptions {
  /** run due queue jobs after every request made through `fetch` (default true) */
  autoDrain?: boolean;
  limits?: Partial<AuthLimits>;
  /** replace some providers (e.g. one that fails) */
  providers?: (local: Providers) => Partial<Providers>;
  production?: boolean;
  clock?: TestClock;
  webRoot?: string;
  /** another e-signature provider than our own page (a Clicksign adapter on a fake API) */
  signatures?: SignatureProvider;
  /** another invoice provider than the local sandbox (an Iugu adapter on a fake API), with its webhook token */
  invoices?: Invoices;
  paymentWebhookToken?: string;
  /** read every bill afresh (default: a file already read in this test file is not read again) */
  freshBillReadings?: boolean;
}

/**
 * The bill reader, remembered per test file: the same bytes are read once and their reading is
 * given again. A flow that only needs an approved bill (most screen and API walks send the same
 * fixture) then waits for one reading instead of one per customer; the reader's own suites
 * (test/server/engines/bill-reader) read every file. A reading that a person must finish because
 * the reader failed or ran out of time is never remembered.
 */
const readings = new Map<string, BillAnalysis>();
async function rememberedReading(bytes: Uint8Array, mime: string): Promise<BillAnalysis> {
  const key = `${createHash('sha256').update(bytes).digest('hex')}:${mime}`;
  const known = readings.get(key);
  if (known) return structuredClone(known);
  const reading = await analyseBill(bytes, mime);
  const unfinished = (reading.review_notes as readonly string[]).some((note) => note === 'reader-failure' || note === 'reader-timeout');
  if (!unfinished) readings.set(key, structuredClone(reading));
  return reading;
}

export interface TestServer {
  /** the local upload directory of this server (a fresh temporary one) */
  uploadsDir: string;
  app: Hono;
  /** fetch-compatible, in process (give it to ky in happy-dom tests) */
  fetch: typeof fetch;
  db: Db;
  /** the database behind `db` (its advisory-lock helper, `exclusive`) */
  database: Database;
  deps: AppDeps;
  clock: TestClock;
  /** outbox messages to a phone or e-mail, newest first */
  readOutbox(to: string): Promise<OutboxMessage[]>;
  /** a solved ALTCHA payload for the `recaptcha` field of Queue_sms */
  solveBotCheck(): Promise<string>;
  /** runs every due queue job; returns how many ran */
  drainQueue(): Promise<number>;
  close(): Promise<void>;
}

const SECRET = 'test-secret-0123456789abcdef0123456789abcdef';

async function openTestDatabase() {
  const pgTemplate = inject('pgTemplateDb');
  const url = process.env.DATABASE_URL;
  if (pgTemplate && url) {
    const name = `portal_t_${process.pid}_${randomBytes(4).toString('hex')}`;
    for (let attempt = 0; ; attempt++) {
      try {
        await adminQuery(url, `CREATE DATABASE ${name} TEMPLATE ${pgTemplate}`);
        break;
      } catch (e) {
        // two workers copying the template at the same moment: try again shortly
        if (attempt > 20) throw e;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
    const u = new URL(url);
    u.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: u.toString() });
    return {
      database,
      drop: async () => {
        await database.close();
        // the pool's sockets may still be closing: wait for them rather than killing them
        for (let attempt = 0; ; attempt++) {
          try {
            await adminQuery(url, `DROP DATABASE IF EXISTS ${name}`);
            break;
          } catch (e) {
            if (attempt > 20) throw e;
            await new Promise((r) => setTimeout(r, 50));
          }
        }
      },
    };
  }
  const file = inject('pgliteTemplate');
  const pglite = await PGlite.create({ loadDataDir: new Blob([readFileSync(file)]) });
  const database = await openDatabase({ pglite });
  return { database, drop: () => database.close() };
}

/** The whole API in process on a fresh copy of the migrated template database. */
export async function createTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const { database, drop } = await openTestDatabase();
  const db = database.db;
  const clock = opts.clock ?? testClock();
  const uploadsDir = mkdtempSync(join(tmpdir(), 'portal-uploads-'));
  const local = localProviders(db, clock);
  const deps: AppDeps = {
    db,
    clock,
    reactions: processReactions,
    secret: SECRET,
    providers: { ...local, ...(opts.providers?.(local) ?? {}) },
    altchaMaxNumber: 1000,
    production: opts.production ?? false,
    limits: { ...DEFAULT_LIMITS, ...opts.limits },
    trustProxy: 1,
    webRoot: opts.webRoot,
    storage: localStorage(uploadsDir),
    ...(opts.signatures ? { signatures: opts.signatures } : {}),
    ...(opts.invoices ? { invoices: opts.invoices } : {}),
    ...(opts.paymentWebhookToken ? { paymentWebhookToken: opts.paymentWebhookToken } : {}),
  };
  const app = createApp(deps);
  const worker = createWorker(db, clock, { ...codeJobs(deps), ...billJobs(deps, opts.freshBillReadings ? analyseBill : rememberedReading), ...emailJobs(deps), ...emailChangeJobs(deps) });
  const autoDrain = opts.autoDrain ?? true;

  const inProcessFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://portal.test'), init);
    const res = await app.request(request);
    if (autoDrain) await worker.drain();
    return res;
  }) as typeof fetch;

  return {
    app,
    fetch: inProcessFetch,
    db,
    database,
    deps,
    clock,
    async readOutbox(to) {
      const rows = await db.select().from(outbox).where(eq(outbox.to, to.toLowerCase())).orderBy(desc(outbox.id));
      return rows.map((r) => ({ channel: r.channel, to: r.to, body: r.body, code: r.code, created_at: r.createdAt.toISOString() }));
    },
    async solveBotCheck() {
      const res = await app.request('/api/v1/altcha/challenge');
      const challenge = (await res.json()) as { algorithm: string; challenge: string; salt: string; signature: string; maxnumber: number };
      const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
      if (!solution) throw new Error('bot check not solved');
      return Buffer.from(JSON.stringify({
        algorithm: challenge.algorithm, challenge: challenge.challenge, number: solution.number, salt: challenge.salt, signature: challenge.signature,
      })).toString('base64');
    },
    uploadsDir,
    drainQueue: () => worker.drain(),
    async close() {
      await drop();
      rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
}

/** What the queue gives a handler, for calling one directly: a job enqueued now, never aborted. */
export const aJob = (): JobInfo => ({ id: 0, createdAt: new Date(), signal: new AbortController().signal });
