import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { connect, type AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { toJsonSchema } from '@valibot/to-json-schema';
import { and, count, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { UPLOAD_MIME, UPLOAD_QUOTA, type UploadPurpose } from '#shared/bill/rules';
import { ENDPOINTS } from '#shared/endpoints';
import { bodyCap, fillPath, pathParamNames, type Endpoint } from '#shared/endpoint';
import { allowedMethods } from '../../src/server/http/route';
import { applyProcessEvent } from '../../src/server/process/host';
import { customers, documents, uploads } from '../../src/server/platform/db/schema';
import { createStaff } from '../../src/server/staff/service';
import { createTestServer, type TestServer } from '../support/server';
import {
  call, customerAtCheckout, customerAtInstallation, customerAtPayment, lastCode, newAddress, newPhone, personalSignUp, requestCode,
  saveHolderData, sendRequiredDocuments, signUpCustomerWithId,
} from '../support/flows';
import { realPdf, UPLOAD_CASES, type HostileFile, type UploadCase } from './attackFiles';
import { writeSuiteResults, type AttemptRow } from './results';

/**
 * The attack corpus (issue 15), generated from the endpoint descriptors (src/shared/endpoints.ts)
 * where it can be:
 *  1. every multipart endpoint gets the hostile files of ./attackFiles.ts (renamed types, polyglots,
 *     SVG with script, decompression bombs, 0 bytes, exactly 10 MB, 10 MB + 1, paths and control
 *     characters in names), connections cut halfway through a file, 20 uploads at once by one customer
 *     and a customer at their quota;
 *  2. script in every place user text is stored and served back (names, mural, FAQ, notifications,
 *     the signing page's HTML);
 *  3. every call with a body gets one over its cap (any content type); every JSON body endpoint gets
 *     malformed JSON, a body over the limit, the wrong content type and
 *     SQL-shaped strings in every string field; every path gets every method it does not serve;
 *  4. the sign-in rules against strangers: wrong codes, resends, replayed proofs, codes reused.
 * Never a 500; a refusal has its documented status and code; what is accepted is stored as the type
 * its content has, under a random key, with its row (no file without its row, no row without its file).
 * An upload endpoint without a row in UPLOAD_TARGETS fails the suite.
 */

const opName = (e: Pick<Endpoint, 'method' | 'path'>) => `${e.method.toUpperCase()} ${e.path}`;
const served = ENDPOINTS.filter((e) => !e.development);

// ---------------------------------------------------------------------------------------------
// Tally

type Section = 'uploads' | 'xss' | 'json' | 'sign-in';
interface Row extends AttemptRow { section: Section; failures: string[] }
const rows = new Map<string, Row>();
const rowOf = (section: Section, tried: string): Row => {
  let r = rows.get(tried);
  if (!r) rows.set(tried, r = { section, tried, times: 0, refused: 0, survived: 0, lost: 0, failures: [] });
  return r;
};
/** One call: refused (the expected no), survived (taken, and harmless) or lost (with what went wrong). */
const tally = (section: Section, tried: string, outcome: 'refused' | 'survived' | 'lost', problem = '') => {
  const r = rowOf(section, tried);
  r.times += 1;
  r[outcome] += 1;
  if (outcome === 'lost') r.failures.push(problem);
};
const failuresOf = (section: Section) => [...rows.values()].filter((r) => r.section === section).flatMap((r) => r.failures.map((f) => `${r.tried}: ${f}`));

const notTried: { operation: string; row: string; reason: string }[] = [];

/** The parts of the suite, as docs/quality.md heads their tables. */
const GROUPS: Readonly<Record<Section, string>> = {
  uploads: 'Uploads on every multipart endpoint',
  xss: 'Script in user text, stored and shown back',
  json: 'Malformed and oversized JSON, SQL-shaped strings, wrong methods',
  'sign-in': 'Sign-in rules against strangers',
};

// ---------------------------------------------------------------------------------------------
// The server, a staff member with every role

let s: TestServer;
let staff: string;
/** the same app on a real socket, for the connections cut halfway */
let listener: ReturnType<typeof serve>;
let port: number;
beforeAll(async () => {
  s = await createTestServer();
  staff = (await createStaff(s.db, s.clock, 'Equipe do corpus', `corpus.${process.pid}@empresa.com.br`)).token;
  // the globals stay Node's own: the rest of the suite reads answers through s.fetch
  listener = serve({ fetch: s.app.fetch, port: 0, hostname: '127.0.0.1', overrideGlobalObjects: false });
  await once(listener, 'listening');
  port = (listener.address() as AddressInfo).port;
}, 60_000);
afterAll(async () => {
  if (listener) await new Promise((r) => listener.close(r));
  await s?.close();
});

interface Answer { status: number; body: Record<string, unknown>; headers: Headers; text: string }
async function request(method: string, path: string, init: { token?: string; headers?: Record<string, string>; body?: BodyInit } = {}): Promise<Answer> {
  const headers: Record<string, string> = { 'Accept-Language': 'pt-BR', 'X-Forwarded-For': newAddress(), ...init.headers };
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  const res = await s.fetch(path.startsWith('/sign/') ? path : `/api/v1${path}`, { method, headers, body: init.body });
  const text = await res.text();
  let body: Record<string, unknown> = {};
  if (/json/.test(res.headers.get('Content-Type') ?? '')) { try { body = JSON.parse(text) as Record<string, unknown>; } catch { /* not JSON */ } }
  return { status: res.status, body, headers: res.headers, text };
}

// ---------------------------------------------------------------------------------------------
// 1. Uploads

/** Where an upload of one endpoint goes, for a customer (or staff member) whose state takes one file. */
interface UploadContext { path: string; token?: string; customerId?: number }
interface UploadTarget {
  /** the kind the quota counts; null: nothing is stored (the file is only read) */
  purpose: UploadPurpose | null;
  /** a context that takes one more valid file (fresh: a new customer, for the burst and the quota) */
  ready(fresh: boolean): Promise<UploadContext>;
  /** where the stored file is downloaded again, from the upload's answer */
  download?(ctx: UploadContext, answer: Answer): string | null;
}

const firstDocumentId = (a: Answer) => ((a.body.data as { id: number; type: string }[] | undefined) ?? []).at(-1)?.id;
const cached = <T>(make: () => Promise<T>) => { let value: Promise<T> | null = null; return (fresh = false) => (fresh || !value ? (value = make()) : value); };

async function signContract(phone: string, key: string) {
  const post = (path: string, body: unknown) => request('POST', path, { headers: { 'Content-Type': 'application/json', 'User-Agent': 'Mozilla/5.0 (corpus) Chromium' }, body: JSON.stringify(body) });
  const secret = `corpus-signing-${randomBytes(16).toString('hex')}`;
  if ((await post(`/sign/${key}/code`, { secret })).status !== 202) throw new Error('signing code not sent');
  const signed = await post(`/sign/${key}`, { secret, code: await lastCode(s, phone), consent: true });
  if (signed.status !== 201) throw new Error(`signature: ${signed.status} ${signed.text}`);
}

/** Every multipart descriptor, with how a customer gets to where it takes a file. */
const UPLOAD_TARGETS: Readonly<Record<string, UploadTarget>> = (() => {
  const partner = cached(async () => {
    const c = await signUpCustomerWithId(s);
    await s.db.update(customers).set({ hasPartnership: true }).where(eq(customers.id, c.id));
    return { path: `/portal/client-partnership/${c.id}/emproyee-card`, token: c.token, customerId: c.id };
  });
  const booking = cached(async () => {
    const c = await customerAtCheckout(s, { paid: true });
    return { path: '/portal/customers/documents', token: c.token, customerId: c.id };
  });
  const buyer = cached(async () => {
    const c = await customerAtPayment(s, 'CASH_PURCHASE', { contracts: true });
    for (const contract of c.contracts) await signContract(c.phone, contract.key);
    if ((await call(s, 'PATCH', `/portal/customers/create/${c.id}/invoice`, undefined, { token: c.token })).status !== 200) throw new Error('invoice');
    if ((await call(s, 'PUT', `/admin/customers/${c.id}/invoice`, { invoice_status: 'PAID' }, { token: staff })).status !== 200) throw new Error('paid');
    return { path: '/portal/customers/documents/proposal', token: c.token, customerId: c.id };
  });
  const project = cached(async () => {
    const c = await customerAtInstallation(s);
    if ((await call(s, 'PUT', `/admin/customers/${c.id}/project/upload`, { available: true }, { token: staff })).status !== 200) throw new Error('file request');
    return { path: `/portal/customers_success/${c.caseId}/upload`, token: c.token, customerId: c.id };
  });
  const team = cached(async () => {
    const c = await signUpCustomerWithId(s);
    return { path: `/admin/customers/${c.id}/project/attachments`, token: staff, customerId: c.id };
  });
  /** a sent document is in review: its slot opens again when its record goes (the upload row stays, counted) */
  const reopened = (ready: (fresh?: boolean) => Promise<UploadContext>) => async (fresh: boolean) => {
    const ctx = await ready(fresh);
    await s.db.delete(documents).where(eq(documents.customerId, ctx.customerId!));
    return ctx;
  };
  const documentDownload = (_: UploadContext, a: Answer) => { const id = firstDocumentId(a); return id ? `/portal/customers/documents/${id}/front` : null; };
  return {
    'POST /portal/client-partnership/:id/emproyee-card': { purpose: 'employee_card', ready: partner, download: (ctx) => ctx.path },
    'POST /portal/customers/bills': {
      purpose: 'bill',
      // a bill in analysis takes no other: a new customer, past the simulation, for each file taken
      ready: async () => {
        const c = await signUpCustomerWithId(s);
        await applyProcessEvent(s.db, s.clock, c.id, { type: 'simulation.done' });
        return { path: '/portal/customers/bills?is_holder=true', token: c.token, customerId: c.id };
      },
    },
    'POST /portal/customers/documents': { purpose: 'document', ready: reopened(booking), download: documentDownload },
    'POST /portal/signatures/verify': { purpose: null, ready: async () => ({ path: '/portal/signatures/verify' }) },
    'POST /portal/customers/documents/proposal': { purpose: 'document', ready: reopened(buyer), download: documentDownload },
    'POST /portal/customers_success/:id/upload': {
      purpose: 'project', ready: project,
      download: (ctx, a) => { const id = (a.body.file as { id?: number } | undefined)?.id; return id ? ctx.path.replace(/upload$/, `files/${id}`) : null; },
    },
    'POST /admin/customers/:id/project/attachments': { purpose: 'mural', ready: team },
  };
})();

const multipartOps = served.filter((e) => e.multipart);

/** A multipart body as a browser builds it; a name a quoted string cannot hold goes as RFC 5987 `filename*`. */
function multipartBody(field: string, file: HostileFile): { body: Uint8Array<ArrayBuffer>; type: string } {
  const boundary = `----corpus${randomBytes(8).toString('hex')}`;
  const plain = /^[\x20-\x7e]*$/.test(file.name) && !/["\\]/.test(file.name);
  const disposition = plain ? `filename="${file.name}"` : `filename*=UTF-8''${encodeURIComponent(file.name)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; ${disposition}\r\nContent-Type: ${file.type}\r\n\r\n`, 'latin1');
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`, 'latin1');
  return { body: new Uint8Array(Buffer.concat([head, Buffer.from(file.bytes), tail])), type: `multipart/form-data; boundary=${boundary}` };
}

const sendFile = (e: Endpoint, ctx: UploadContext, file: HostileFile) => {
  const { body, type } = multipartBody(e.multipart!.field, file);
  return request('POST', ctx.path, { token: ctx.token, headers: { 'Content-Type': type }, body });
};

type UploadRow = typeof uploads.$inferSelect;
const lastUploadId = async () => Number((await s.db.select({ n: count() }).from(uploads))[0]?.n ?? 0) > 0
  ? Math.max(...(await s.db.select({ id: uploads.id }).from(uploads)).map((r) => r.id)) : 0;
const uploadsSince = (id: number): Promise<UploadRow[]> => s.db.select().from(uploads).where(gt(uploads.id, id));

/** Files in storage (relative keys) and in the staging directory. */
function storedKeys(): { keys: string[]; staging: string[] } {
  const keys: string[] = [];
  const staging: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else (relative(s.uploadsDir, p).startsWith('.staging') ? staging : keys).push(relative(s.uploadsDir, p));
    }
  };
  walk(s.uploadsDir);
  return { keys, staging };
}

/** Files in storage now: what an attempt is compared with (contracts and proposals are stored without an upload row). */
const storedBefore = (): Set<string> => new Set(storedKeys().keys);

/** No new file without its row, no live row without its file, nothing left in staging. */
async function storageProblems(before: Set<string>): Promise<string[]> {
  const { keys: all_, staging } = storedKeys();
  const keys = all_.filter((k) => !before.has(k));
  const all = await s.db.select({ key: uploads.storageKey, removedAt: uploads.removedAt }).from(uploads);
  const known = new Set(all.map((r) => r.key));
  const onDisk = new Set(keys);
  const problems: string[] = [];
  if (staging.length) problems.push(`${staging.length} staging file(s) left`);
  const orphans = keys.filter((k) => !known.has(k));
  if (orphans.length) problems.push(`${orphans.length} stored file(s) without a row`);
  for (const k of before) onDisk.add(k);
  const missing = all.filter((r) => r.removedAt === null && !onDisk.has(r.key) && !r.key.startsWith('zz/'));
  if (missing.length) problems.push(`${missing.length} row(s) without their file`);
  return problems;
}

const CONTROL_OR_PATH = /[\u0000-\u001f\u007f-\u009f/\\]/; // eslint-disable-line no-control-regex

/** The verdict on one upload of the corpus. */
async function judgeUpload(e: Endpoint, target: UploadTarget, ctx: UploadContext, c: UploadCase, a: Answer, since: number, disk: Set<string>): Promise<['refused' | 'survived' | 'lost', string]> {
  const fresh = await uploadsSince(since);
  const problems = await storageProblems(disk);
  if (a.status >= 500) problems.push(`server error ${a.status}`);
  const refusedAsDocumented = a.status === c.status && a.body.code === c.code && typeof a.body.message === 'string';
  const taken = a.status >= 200 && a.status < 300;
  if (refusedAsDocumented && fresh.length) problems.push(`refused, yet ${fresh.length} upload row(s) written`);
  if (c.must === 'refuse' && !refusedAsDocumented) problems.push(`answered ${a.status}/${String(a.body.code)}, expected ${c.status}/${c.code}`);
  if (c.must === 'accept' && !taken) problems.push(`a valid file answered ${a.status}/${String(a.body.code)}`);
  if (c.must === 'either' && !taken && !refusedAsDocumented) problems.push(`answered ${a.status}/${String(a.body.code)}, expected ${c.status}/${c.code} or success`);
  if (taken) {
    if (target.purpose !== null) {
      const mine = fresh.filter((r) => r.purpose === target.purpose);
      if (mine.length !== 1) problems.push(`${mine.length} upload rows for one file`);
      for (const r of mine) {
        if (r.kind !== c.storedAs) problems.push(`stored as ${r.kind}, its content is ${c.storedAs}`);
        if (r.storageKey.includes('passwd') || r.storageKey.includes('win.ini') || r.storageKey.includes('..')) problems.push(`storage key from the name: ${r.storageKey}`);
        if (c.nameCheck && CONTROL_OR_PATH.test(r.originalName)) problems.push(`name kept as a path: ${JSON.stringify(r.originalName)}`);
      }
    } else if (fresh.length) problems.push(`a check that stores nothing wrote ${fresh.length} upload row(s)`);
    const download = target.download?.(ctx, a);
    if (download) {
      const d = await request('GET', download, { token: ctx.token });
      const ok = d.status === 200 && /^attachment;/.test(d.headers.get('Content-Disposition') ?? '') && d.headers.get('X-Content-Type-Options') === 'nosniff'
        && d.headers.get('Content-Type') === UPLOAD_MIME[c.storedAs!];
      tally('uploads', DOWNLOAD_ROW, ok ? 'survived' : 'lost',
        `${opName(e)} ${c.name}: ${d.status} ${d.headers.get('Content-Type')} ${d.headers.get('Content-Disposition')}`);
    }
  }
  if (problems.length) return ['lost', `${opName(e)} ${c.name}: ${problems.join('; ')}`];
  return [refusedAsDocumented ? 'refused' : 'survived', ''];
}

/**
 * Sends a valid file's multipart body over a real socket, with its full Content-Length, stops after
 * `fraction` of it and drops the connection, as a phone losing its signal does.
 */
async function cutUpload(e: Endpoint, ctx: UploadContext, fraction: number): Promise<void> {
  const { body, type } = multipartBody(e.multipart!.field, { bytes: paddedPdf(2 * 1024 * 1024), name: 'conta.pdf', type: 'application/pdf' });
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => { /* the server may answer or close first */ });
  await once(socket, 'connect');
  socket.write([
    `POST /api/v1${ctx.path} HTTP/1.1`, `Host: 127.0.0.1:${port}`, `Content-Type: ${type}`, `Content-Length: ${body.length}`,
    `X-Forwarded-For: ${newAddress()}`, ...(ctx.token ? [`Authorization: Bearer ${ctx.token}`] : []), '', '',
  ].join('\r\n'));
  await new Promise<void>((r) => socket.write(body.subarray(0, Math.floor(body.length * fraction)), () => r()));
  await new Promise((r) => setTimeout(r, 150));
  socket.destroy();
}

/** A real bill padded to `size` bytes (the reader stops at %%EOF): big enough to be streaming when the cut comes. */
const paddedPdf = (size: number): Uint8Array => {
  const out = new Uint8Array(size);
  out.set(realPdf());
  return out;
};

/** Waits (up to 5 s) for the server to notice a cut connection and clear its staging file. */
async function settled(): Promise<void> {
  for (let i = 0; i < 50 && storedKeys().staging.length > 0; i++) await new Promise((r) => setTimeout(r, 100));
}

const CUT_ROW = 'A valid 2 MB file whose connection is cut after 5 % or 60 % of its body (no row, no file, no staging file left; the same sending then goes through)';
const DOWNLOAD_ROW = 'Every accepted file downloaded again: served as an attachment, with nosniff, as the type sniffed from its content';
const BURST = 20;
const BURST_ROW = `${BURST} uploads of a valid file at once by one customer (no 500, each taken or refused as documented, the quota holds, nothing half-written)`;
const QUOTA_ROW = `A valid file from a customer who has used the quota (${UPLOAD_QUOTA.files} files of that kind): 429, code 4294, nothing kept`;

describe('1. uploads on every multipart endpoint', () => {
  test('every multipart descriptor has its row in UPLOAD_TARGETS', () => {
    expect(multipartOps.map(opName).filter((op) => !UPLOAD_TARGETS[op])).toEqual([]);
    expect(Object.keys(UPLOAD_TARGETS).filter((op) => !multipartOps.some((e) => opName(e) === op))).toEqual([]);
    expect(multipartOps.length).toBeGreaterThanOrEqual(7);
  });

  for (const e of multipartOps) {
    test(`${opName(e)}: the corpus`, async () => {
      const target = UPLOAD_TARGETS[opName(e)]!;
      let ctx = await target.ready(false);
      for (const c of UPLOAD_CASES) {
        if (c.must !== 'refuse') ctx = await target.ready(false);
        const since = await lastUploadId();
        const disk = storedBefore();
        const a = await sendFile(e, ctx, c.file());
        const [outcome, problem] = await judgeUpload(e, target, ctx, c, a, since, disk);
        tally('uploads', c.tried, outcome, problem);
      }

      // connections cut halfway: nothing kept, and the customer's next sending is taken
      for (const fraction of [0.05, 0.6]) {
        const cutCtx = await target.ready(false);
        const since = await lastUploadId();
        const disk = storedBefore();
        await cutUpload(e, cutCtx, fraction);
        await settled();
        const problems = await storageProblems(disk);
        const kept = (await uploadsSince(since)).length;
        if (kept) problems.push(`${kept} upload row(s) from a cut connection`);
        const again = await sendFile(e, cutCtx, { bytes: realPdf(), name: 'conta.pdf', type: 'application/pdf' });
        if (again.status >= 300) problems.push(`the sending after the cut answered ${again.status}/${String(again.body.code)}`);
        tally('uploads', CUT_ROW, problems.length ? 'lost' : 'survived', `${opName(e)} cut at ${fraction * 100} %: ${problems.join('; ')}`);
      }

      // the burst: a fresh customer sends BURST valid files at once
      const burst = await target.ready(true);
      const since = await lastUploadId();
      const disk = storedBefore();
      const answers = await Promise.all(Array.from({ length: BURST }, () => sendFile(e, burst, { bytes: realPdf(), name: 'conta.pdf', type: 'application/pdf' })));
      const problems = await storageProblems(disk);
      if (target.purpose && burst.customerId) {
        const kept = await s.db.select().from(uploads).where(and(eq(uploads.customerId, burst.customerId), eq(uploads.purpose, target.purpose)));
        if (kept.length > UPLOAD_QUOTA.files) problems.push(`${kept.length} files kept, quota ${UPLOAD_QUOTA.files}`);
        if (target.purpose === 'document') {
          const records = await s.db.select().from(documents).where(eq(documents.customerId, burst.customerId));
          if (records.length > 1) problems.push(`${records.length} document records from one slot`);
        }
        const taken = answers.filter((a) => a.status < 300).length;
        const fresh = (await uploadsSince(since)).filter((r) => r.customerId === burst.customerId && r.purpose === target.purpose);
        if (fresh.length !== taken) problems.push(`${taken} answered taken, ${fresh.length} rows written`);
      }
      for (const a of answers) {
        const expected = a.status < 300 || ([409, 429].includes(a.status) && typeof a.body.code === 'number');
        tally('uploads', BURST_ROW, expected && problems.length === 0 ? (a.status < 300 ? 'survived' : 'refused') : 'lost',
          `${opName(e)}: ${a.status}/${String(a.body.code)} ${problems.join('; ')}`);
      }

      // the quota: the customer's files of that kind used up
      if (!target.purpose || target.purpose === 'mural' || !burst.customerId) {
        notTried.push({ operation: opName(e), row: 'quota', reason: target.purpose ? "the team's attachments are not counted in a customer's quota" : 'nothing is stored: the file is only read and discarded' });
        return;
      }
      const full = await target.ready(true);
      const used = Number((await s.db.select({ n: count() }).from(uploads).where(and(eq(uploads.customerId, full.customerId!), eq(uploads.purpose, target.purpose))))[0]?.n ?? 0);
      await s.db.insert(uploads).values(Array.from({ length: UPLOAD_QUOTA.files - used }, (_, i) => ({
        customerId: full.customerId!, purpose: target.purpose!, storageKey: `zz/corpus-quota-${full.customerId}-${i}-aaaaaaaaaaaa`, originalName: 'conta.pdf',
        kind: 'pdf' as const, size: 1000, createdAt: s.clock.now(), removedAt: s.clock.now(),
      })));
      const before = await lastUploadId();
      const fullDisk = storedBefore();
      const a = await sendFile(e, full, { bytes: realPdf(), name: 'conta.pdf', type: 'application/pdf' });
      const wrote = (await uploadsSince(before)).length;
      const quotaProblems = await storageProblems(fullDisk);
      const ok = a.status === 429 && a.body.code === 4294 && wrote === 0 && quotaProblems.length === 0;
      tally('uploads', QUOTA_ROW, ok ? 'refused' : 'lost', `${opName(e)}: ${a.status}/${String(a.body.code)}, ${wrote} row(s) ${quotaProblems.join('; ')}`);
    }, 120_000);
  }

  test('no upload lost', () => {
    expect(failuresOf('uploads')).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// 2. Script in user text, stored and served back

const VECTORS = ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '"><svg onload=alert(1)>', 'javascript:alert(1)//<a href="javascript:alert(2)">x</a>'] as const;
/** A JSON answer is inert: JSON, with nosniff (the script comes back as a string the screens render as text). */
const servedAsJson = (a: Answer) => /^application\/json/.test(a.headers.get('Content-Type') ?? '') && a.headers.get('X-Content-Type-Options') === 'nosniff';
const XSS_ROWS = {
  signUp: 'Script in the name at sign-up: refused, or kept as text and served as JSON with nosniff',
  profile: 'Script in the name changed on the profile: refused, or kept as text and served as JSON with nosniff',
  mural: "Script in the team's mural message: served to the customer as JSON text with nosniff",
  notification: "Script in a team's notification: served to the customer as JSON text with nosniff",
  faq: 'Script in an FAQ answer (and question): the answer sanitised (no script, no event handler, no javascript: link) in what is kept and served',
  signing: "Script in the customer's name on the signing page (HTML): escaped, never markup",
} as const;

/** Kept and served as sent (or refused with 400): the verdict on one vector in a JSON read. */
function judgeText(row: string, sent: string, write: Answer, read: Answer, found: (a: Answer) => unknown) {
  if (write.status === 400 && write.body.code === 4000) return tally('xss', row, 'refused');
  const value = found(read);
  const ok = write.status < 300 && read.status === 200 && servedAsJson(read) && value === sent;
  tally('xss', row, ok ? 'survived' : 'lost', `${sent}: write ${write.status}, read ${read.status} ${read.headers.get('Content-Type')} ${JSON.stringify(value)}`);
}

const jsonPost = (method: string, path: string, body: unknown, token?: string) =>
  request(method, path, { token, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

describe('2. script in every place user text is stored and shown', () => {
  test('names at sign-up and on the profile', async () => {
    for (const vector of VECTORS) {
      const phone = newPhone();
      await requestCode(s, phone, { type: 'SIGN_UP' });
      const proof = String((await call(s, 'POST', '/portal/confirm-number', { phone, code: await lastCode(s, phone) })).body.phone_proof);
      const made = await jsonPost('POST', '/portal/customers', personalSignUp(phone, proof, { name: vector }));
      const token = String(made.body.access_token ?? '');
      judgeText(XSS_ROWS.signUp, vector, made, await request('GET', '/portal/customers', { token }), (a) => a.body.name);
    }
    const c = await signUpCustomerWithId(s);
    for (const vector of VECTORS) {
      const changed = await jsonPost('PATCH', '/portal/customers', { name: vector }, c.token);
      judgeText(XSS_ROWS.profile, vector, changed, await request('GET', '/portal/customers', { token: c.token }), (a) => a.body.name);
    }
  });

  test("the team's mural messages and notifications", async () => {
    const c = await customerAtInstallation(s);
    for (const vector of VECTORS) {
      const posted = await jsonPost('POST', `/admin/customers/${c.id}/project/messages`, { message: vector }, staff);
      const read = await request('GET', `/portal/customers_success/${c.caseId}/get_messages`, { token: c.token });
      judgeText(XSS_ROWS.mural, vector, posted, read, (a) => (a.body.messages as { message: string }[] | undefined)?.find((m) => m.message === vector)?.message);
      const notified = await jsonPost('POST', `/admin/customers/${c.id}/notifications`, { message: vector }, staff);
      const bell = await request('GET', '/portal/notifications', { token: c.token });
      judgeText(XSS_ROWS.notification, vector, notified, bell, (a) => (a.body.data as { message: string }[] | undefined)?.find((n) => n.message === vector)?.message);
    }
  });

  test('FAQ answers are sanitised before they are kept and served', async () => {
    // what a browser would run: a script, an embedded frame or image, an event handler, a javascript: link
    const live = /<script|<svg|<iframe|<img|\son\w+\s*=|(href|src)\s*=\s*["']?\s*javascript:/i;
    for (const vector of VECTORS) {
      const made = await jsonPost('POST', '/admin/faq', { question: `Pergunta ${vector}`.slice(0, 200), answer_html: `<p>Resposta</p>${vector}<iframe src="https://example.com"></iframe>` }, staff);
      const faq = await request('GET', '/faq');
      const text = faq.text;
      const ok = made.status < 300 && faq.status === 200 && servedAsJson(faq) && !live.test(JSON.stringify(
        (JSON.parse(text) as { data?: { answer?: string; answer_html?: string }[] }).data?.map((q) => q.answer ?? q.answer_html) ?? JSON.parse(text),
      )) && !live.test(String(made.body.answer_html ?? ''));
      tally('xss', XSS_ROWS.faq, made.status === 400 ? 'refused' : ok ? 'survived' : 'lost', `${vector}: ${made.status} ${JSON.stringify(made.body).slice(0, 300)}`);
    }
  });

  test("the signing page escapes the customer's name", async () => {
    const vector = VECTORS[0];
    const c = await customerAtCheckout(s, { paid: true });
    expect((await jsonPost('PATCH', '/portal/customers', { name: `Ana ${vector}` }, c.token)).status).toBe(200);
    await sendRequiredDocuments(s, c);
    await saveHolderData(s, c);
    const made = await call(s, 'POST', '/portal/customers/create_contracts', { date_of_birth: '02-29-1984', occupation: 'Engenheira', marital_status: 'casado' }, { token: c.token });
    expect(made.status).toBe(201);
    for (const contract of made.body.contracts as { key: string }[]) {
      const page = await request('GET', `/sign/${contract.key}`);
      const ok = page.status === 200 && /^text\/html/.test(page.headers.get('Content-Type') ?? '') && !page.text.includes(vector)
        && page.text.includes('&lt;script&gt;');
      tally('xss', XSS_ROWS.signing, ok ? 'survived' : 'lost', `${contract.key}: ${page.status}, raw script ${page.text.includes(vector)}`);
    }
  });

  test('no script lost', () => {
    expect(failuresOf('xss')).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// 3. Malformed and oversized JSON, SQL-shaped strings, wrong methods

const SQL = ["' OR 1=1 --", "'; DROP TABLE customers; --"] as const;
const jsonOps = served.filter((e) => e.body && !e.multipart);

/** A value for each path parameter (none is a resource of interest here: the body is what is tried). */
const PARAM_SAMPLES: Readonly<Record<string, string>> = {
  side: 'front', planId: '3', cep: '01310100', state: 'SP', day: '2030-01-02', queue: 'bills', faqId: '1', passkeyId: '1', staffId: '1',
  secureId: '0000000000', documentId: '1', contractId: 'c0ffee', key: 'c0ffee', billId: '1', proposalId: '1', fileId: '1', messageId: '1',
};
const CUSTOMER_PARAMS = new Set(['id', 'profileId']);
const missingParams = (endpoints: readonly Endpoint[]) => [...new Set(endpoints.flatMap((e) => pathParamNames(e.path)))]
  .filter((n) => !CUSTOMER_PARAMS.has(n) && PARAM_SAMPLES[n] === undefined);
const concretePath = (e: Endpoint, customerId: number) =>
  fillPath(e.path, Object.fromEntries(pathParamNames(e.path).map((n) => [n, CUSTOMER_PARAMS.has(n) ? String(customerId) : PARAM_SAMPLES[n]!])) as never);

type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; anyOf?: JsonSchema[]; oneOf?: JsonSchema[]; enum?: unknown[]; const?: unknown; items?: JsonSchema };
/** A body of the schema's shape with `text` in every string field (enums and constants keep a value of theirs). */
function bodyWith(schema: JsonSchema, text: string): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt) return bodyWith(alt.find((x) => x.type !== 'null') ?? alt[0]!, text);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string': return text;
    case 'number': case 'integer': return 1;
    case 'boolean': return true;
    case 'array': return schema.items ? [bodyWith(schema.items, text)] : [];
    default: return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, bodyWith(v, text)]));
  }
}
const stringFields = (schema: JsonSchema): number => {
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt) return stringFields(alt.find((x) => x.type !== 'null') ?? alt[0]!);
  if (schema.type === 'string' && !schema.enum && schema.const === undefined) return 1;
  return Object.values(schema.properties ?? {}).reduce((n, v) => n + stringFields(v), 0);
};

const JSON_ROWS = {
  malformed: 'Malformed JSON on every JSON body endpoint: 400 with {code, message} (an optional body reads as empty)',
  oversized: 'A JSON body over 64 KB on every JSON body endpoint: 413 with {code, message}',
  contentType: 'A JSON body sent as text/plain on every JSON body endpoint: 400 or 415 with {code, message} (an optional body reads as empty)',
  sql: "SQL-shaped strings (' OR 1=1 --, '; DROP TABLE customers; --) in every string field of every JSON body: never a 500, kept as text, tables intact",
  capped: "A body one byte over its call's cap (issue 29, F1: uploads their files, forms 64 KB, from the descriptors) sent as multipart/form-data, the type the old JSON limit skipped, on every call with a body: 413 with {code, message}",
  methods: 'Every method a path does not serve (GET, POST, PUT, PATCH, DELETE): 405 with {code, message} and an Allow header naming what it serves',
} as const;
const errorShaped = (a: Answer) => typeof a.body.code === 'number' && typeof a.body.message === 'string';

describe('3. malformed and oversized JSON, SQL-shaped strings, wrong methods', () => {
  let customer: { id: number; token: string };
  beforeAll(async () => { customer = await signUpCustomerWithId(s); });
  const tokenFor = (e: Endpoint) => (e.auth === 'customer' ? customer.token : e.auth === 'none' ? undefined : staff);

  test('every path parameter has a sample', () => {
    expect(missingParams(ENDPOINTS)).toEqual([]);
    expect(jsonOps.length).toBeGreaterThan(40);
  });

  test('malformed JSON, a body over the limit, the wrong content type', async () => {
    for (const e of jsonOps) {
      const path = concretePath(e, customer.id);
      const token = tokenFor(e);
      const method = e.method.toUpperCase();
      const bad = await request(method, path, { token, headers: { 'Content-Type': 'application/json' }, body: '{"phone": "5511' });
      const optionalOk = e.bodyOptional && bad.status < 500;
      tally('json', JSON_ROWS.malformed, (bad.status === 400 && errorShaped(bad)) || optionalOk ? (bad.status < 400 ? 'survived' : 'refused') : 'lost', `${opName(e)}: ${bad.status} ${bad.text.slice(0, 120)}`);
      const big = await request(method, path, { token, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'a'.repeat(70 * 1024) }) });
      tally('json', JSON_ROWS.oversized, big.status === 413 && errorShaped(big) ? 'refused' : 'lost', `${opName(e)}: ${big.status}`);
      const plain = await request(method, path, { token, headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify(bodyWith(toJsonSchema(e.body!, { errorMode: 'ignore' }) as JsonSchema, 'x')) });
      const plainOk = ([400, 415].includes(plain.status) && errorShaped(plain)) || (e.bodyOptional && plain.status < 500);
      tally('json', JSON_ROWS.contentType, plainOk ? (plain.status < 400 ? 'survived' : 'refused') : 'lost', `${opName(e)}: ${plain.status} ${plain.text.slice(0, 120)}`);
    }
    expect(failuresOf('json')).toEqual([]);
  }, 60_000);

  test("a body over its call's cap, whatever its content type", async () => {
    for (const e of served.filter((x) => x.method !== 'get')) {
      const over = new Uint8Array(bodyCap(e) + 1).fill(0x61);
      const a = await request(e.method.toUpperCase(), concretePath(e, customer.id), { token: tokenFor(e), headers: { 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Length': String(over.length) }, body: over });
      tally('json', JSON_ROWS.capped, a.status === 413 && errorShaped(a) ? 'refused' : 'lost', `${opName(e)}: ${a.status}`);
    }
    expect(failuresOf('json')).toEqual([]);
  }, 120_000);

  test('every wrong method on every path is 405 with Allow', async () => {
    const paths = new Map<string, string[]>();
    for (const e of ENDPOINTS) {
      const path = concretePath(e, customer.id);
      if (!paths.has(path)) paths.set(path, allowedMethods(ENDPOINTS, path));
    }
    for (const [path, allowed] of paths) {
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((m) => !allowed.includes(m))) {
        const a = await request(method, path);
        const allow = (a.headers.get('Allow') ?? '').split(/,\s*/).filter(Boolean).sort();
        const ok = a.status === 405 && errorShaped(a) && JSON.stringify(allow) === JSON.stringify([...new Set(allowed)].sort());
        tally('json', JSON_ROWS.methods, ok ? 'refused' : 'lost', `${method} ${path}: ${a.status}, Allow ${a.headers.get('Allow')}`);
      }
    }
    methodPaths = paths.size;
    expect(failuresOf('json')).toEqual([]);
  });

  test('SQL-shaped strings in every string field', async () => {
    const before = Number((await s.db.select({ n: count() }).from(customers))[0]?.n);
    for (const e of jsonOps) {
      const schema = toJsonSchema(e.body!, { errorMode: 'ignore' }) as JsonSchema;
      sqlFields += stringFields(schema);
      for (const text of SQL) {
        const a = await jsonPost(e.method.toUpperCase(), concretePath(e, customer.id), bodyWith(schema, text), tokenFor(e));
        tally('json', JSON_ROWS.sql, a.status < 500 ? (a.status < 400 ? 'survived' : 'refused') : 'lost', `${opName(e)} with ${text}: ${a.status}`);
      }
    }
    // the tables are there, nothing was dropped, and what a form keeps is the text as sent
    const after = Number((await s.db.select({ n: count() }).from(customers))[0]?.n);
    const kept = await jsonPost('PATCH', '/portal/customers', { name: SQL[1] }, customer.token);
    const me = await request('GET', '/portal/customers', { token: customer.token });
    const intact = after >= before && kept.status === 200 && me.status === 200 && me.body.name === SQL[1];
    tally('json', JSON_ROWS.sql, intact ? 'survived' : 'lost', `customers ${before} -> ${after}, kept ${kept.status}, profile ${me.status} ${String(me.body.name)}`);
    expect(failuresOf('json')).toEqual([]);
  }, 60_000);
});
let methodPaths = 0;
let sqlFields = 0;

// ---------------------------------------------------------------------------------------------
// 4. The sign-in rules against strangers

const SIGN_IN_ROWS = {
  perCode: "Wrong codes for a customer's phone from a stranger holding a request of their own: 3000, then 429/3002 at the 5th; the right code then refused too",
  perPhone: "The phone's 10th wrong code and after: 429/3002 with a growing wait (retry_after_s), a resend lifts nothing",
  noSecret: "Guesses without the request's secret, the right code among them: 400/3000 each, counted nowhere (the customer then signs in)",
  perAddress: 'Code requests from one address past 30 in 10 minutes (each for another phone): 429/4292',
  cooldown: 'A resend within 30 s of the code: 429/4290',
  perPhoneSends: 'A 6th and 7th send to one phone within 10 minutes: 429/4291',
  replayedProof: 'A phone proof used for a second sign-up: 403/5003, no second account',
  reuse: 'A code used at sign-up reused at sign-in, and one used at sign-in reused at sign-up: 400/3000',
} as const;

const secretOf = () => randomBytes(32).toString('base64url');
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const expectAnswer = (row: string, a: Answer | { status: number; body: Record<string, unknown> }, status: number, code: number, what: string) =>
  tally('sign-in', row, a.status === status && a.body.code === code ? 'refused' : 'lost', `${what}: ${a.status}/${String(a.body.code)}`);

describe('4. the sign-in rules against strangers', () => {
  test('wrong codes: per code, per phone, without the secret', async () => {
    const victim = await signUpCustomerWithId(s);
    s.clock.advance(31_000);
    // guesses without the secret: the customer's own code among them
    const mine = secretOf();
    expect((await requestCode(s, victim.phone, { secret: mine })).status).toBe(202);
    const code = await lastCode(s, victim.phone);
    for (let i = 0; i < 20; i++) {
      const a = await call(s, 'POST', i % 2 ? '/portal/login' : '/portal/confirm-number', { phone: victim.phone, code: i === 10 ? code : String(i).padStart(6, '0'), secret: secretOf() });
      expectAnswer(SIGN_IN_ROWS.noSecret, a, 400, 3000, `guess ${i}`);
    }
    const signedIn = await call(s, 'POST', '/portal/login', { phone: victim.phone, code, secret: mine });
    if (signedIn.status !== 200) tally('sign-in', SIGN_IN_ROWS.noSecret, 'lost', `the customer could not sign in: ${signedIn.status}`);

    // a stranger's own request: five tries per code, then the phone's waits
    s.clock.advance(31_000);
    const stranger = secretOf();
    expect((await requestCode(s, victim.phone, { secret: stranger })).status).toBe(202);
    let theirs = await lastCode(s, victim.phone);
    for (let i = 1; i <= 5; i++) {
      const a = await call(s, 'POST', '/portal/login', { phone: victim.phone, code: wrongCode(theirs), secret: stranger });
      expectAnswer(SIGN_IN_ROWS.perCode, a, i < 5 ? 400 : 429, i < 5 ? 3000 : 3002, `try ${i}`);
    }
    expectAnswer(SIGN_IN_ROWS.perCode, await call(s, 'POST', '/portal/login', { phone: victim.phone, code: theirs, secret: stranger }), 429, 3002, 'the right code after 5 wrong');
    s.clock.advance(31_000);
    expect((await call(s, 'POST', '/queue/sms', { phone: victim.phone, type: 'SIGN_IN', resend: true, secret: stranger })).status).toBe(202);
    theirs = await lastCode(s, victim.phone);
    for (let i = 6; i <= 9; i++) expectAnswer(SIGN_IN_ROWS.perPhone, await call(s, 'POST', '/portal/login', { phone: victim.phone, code: wrongCode(theirs), secret: stranger }), 400, 3000, `try ${i}`);
    const tenth = await call(s, 'POST', '/portal/login', { phone: victim.phone, code: wrongCode(theirs), secret: stranger });
    expectAnswer(SIGN_IN_ROWS.perPhone, tenth, 429, 3002, 'try 10');
    const held = await call(s, 'POST', '/portal/login', { phone: victim.phone, code: theirs, secret: stranger });
    expectAnswer(SIGN_IN_ROWS.perPhone, held, 429, 3002, 'the right code while held');
    if (!(Number(tenth.body.retry_after_s) > 0)) tally('sign-in', SIGN_IN_ROWS.perPhone, 'lost', `no wait: ${JSON.stringify(tenth.body)}`);
    expect(failuresOf('sign-in')).toEqual([]);
  });

  test('sends: per address, the 30-second resend, 5 per phone', async () => {
    const address = `198.51.100.${process.pid % 200}`;
    for (let i = 1; i <= 35; i++) {
      const a = await requestCode(s, newPhone(), {}, { address });
      if (i <= 30) { if (a.status !== 202) tally('sign-in', SIGN_IN_ROWS.perAddress, 'lost', `send ${i}: ${a.status}/${String(a.body.code)}`); }
      else expectAnswer(SIGN_IN_ROWS.perAddress, a, 429, 4292, `send ${i}`);
    }
    const phone = newPhone();
    const secret = secretOf();
    await requestCode(s, phone, { secret });
    expectAnswer(SIGN_IN_ROWS.cooldown, await call(s, 'POST', '/queue/sms', { phone, type: 'SIGN_IN', resend: true, secret }), 429, 4290, 'resend at once');
    for (let i = 2; i <= 5; i++) {
      s.clock.advance(31_000);
      const a = await call(s, 'POST', '/queue/sms', { phone, type: 'SIGN_IN', resend: true, secret });
      if (a.status !== 202) tally('sign-in', SIGN_IN_ROWS.perPhoneSends, 'lost', `send ${i}: ${a.status}`);
    }
    for (let i = 6; i <= 7; i++) {
      s.clock.advance(31_000);
      expectAnswer(SIGN_IN_ROWS.perPhoneSends, await call(s, 'POST', '/queue/sms', { phone, type: 'SIGN_IN', resend: true, secret }), 429, 4291, `send ${i}`);
    }
    s.clock.advance(10 * 60_000);
    expect(failuresOf('sign-in')).toEqual([]);
  });

  test('replayed proofs and codes reused across sign-in and sign-up', async () => {
    const phone = newPhone();
    await requestCode(s, phone, { type: 'SIGN_UP' });
    const code = await lastCode(s, phone);
    const proof = String((await call(s, 'POST', '/portal/confirm-number', { phone, code })).body.phone_proof);
    expectAnswer(SIGN_IN_ROWS.reuse, await call(s, 'POST', '/portal/login', { phone, code }), 400, 3000, 'sign-up code at sign-in');
    expect((await call(s, 'POST', '/portal/customers', personalSignUp(phone, proof))).status).toBe(201);
    const again = await call(s, 'POST', '/portal/customers', personalSignUp(phone, proof, { email: `outra.${phone}@example.com` }));
    expectAnswer(SIGN_IN_ROWS.replayedProof, again, 403, 5003, 'the proof again');
    const accounts = Number((await s.db.select({ n: count() }).from(customers).where(eq(customers.phone, phone)))[0]?.n);
    if (accounts !== 1) tally('sign-in', SIGN_IN_ROWS.replayedProof, 'lost', `${accounts} accounts`);

    s.clock.advance(31_000);
    await requestCode(s, phone);
    const signIn = await lastCode(s, phone);
    expect((await call(s, 'POST', '/portal/login', { phone, code: signIn })).status).toBe(200);
    expectAnswer(SIGN_IN_ROWS.reuse, await call(s, 'POST', '/portal/confirm-number', { phone, code: signIn }), 400, 3000, 'sign-in code at sign-up');
    expectAnswer(SIGN_IN_ROWS.reuse, await call(s, 'POST', '/portal/login', { phone, code: signIn }), 400, 3000, 'sign-in code twice');
    expect(failuresOf('sign-in')).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Results

afterAll(() => {
  const order = [
    ...UPLOAD_CASES.map((c) => c.tried), CUT_ROW, BURST_ROW, QUOTA_ROW, DOWNLOAD_ROW,
    ...Object.values(XSS_ROWS), ...Object.values(JSON_ROWS), ...Object.values(SIGN_IN_ROWS),
  ];
  const place = (r: Row) => { const i = order.indexOf(r.tried); return i < 0 ? order.length : i; };
  const bySection = (section: Section) => [...rows.values()].filter((r) => r.section === section).sort((a, b) => place(a) - place(b));
  const strip = ({ failures: _f, section, ...row }: Row) => ({ ...row, group: GROUPS[section] });
  writeSuiteResults({
    id: '2-attack-corpus',
    title: 'Attack corpus',
    about: 'Generated from the endpoint descriptors where it can be (test/resilience/attackCorpus.test.ts, files built in test/resilience/attackFiles.ts): '
      + 'hostile files and connections cut halfway on every multipart endpoint, script in every place user text is stored and served, malformed and oversized JSON, '
      + 'SQL-shaped strings in every string field of every JSON body, every method a path does not serve, and the sign-in rules against strangers. '
      + 'Refused: the documented status and code. Survived: taken, and harmless (a file stored only as the type its content has, under a random key, '
      + 'with its row, downloaded as an attachment with nosniff; text stored as sent and served as JSON or escaped HTML).',
    rows: (['uploads', 'xss', 'json', 'sign-in'] as const).flatMap(bySection).map(strip),
    coverage: {
      'multipart endpoints (every one tried)': multipartOps.length,
      'hostile files per multipart endpoint': UPLOAD_CASES.length,
      'script vectors, in each place text is stored and shown': VECTORS.length,
      'places user text is stored and shown back': Object.keys(XSS_ROWS).length,
      'JSON body endpoints (every one tried)': jsonOps.length,
      'string fields filled with SQL-shaped text': sqlFields,
      'distinct paths tried with every method they do not serve': methodPaths,
    },
    notTried: notTried.sort((x, y) => x.operation.localeCompare(y.operation) || x.row.localeCompare(y.row)),
  });
});

