import { createHash } from 'node:crypto';
import { count } from 'drizzle-orm';
import { Hono } from 'hono';
import { PDFDocument, PDFStream } from '@cantoo/pdf-lib';
import { toJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ENDPOINTS } from '#shared/endpoints';
import { fillPath, pathParamNames, type Endpoint } from '#shared/endpoint';
import { STAFF_EVENT_ROLES, STAFF_ROLES, type StaffRole } from '#shared/staff/roles';
import { customers, staffAudit } from '../../src/server/platform/db/schema';
import { createStaff } from '../../src/server/staff/service';
import type { Db } from '../../src/server/platform/db/index';
import { createTestServer, testClock, type TestServer } from '../support/server';
import { newAddress, signUpCustomerWithId } from '../support/flows';
import { fixture } from '../support/uploads';
import { buyerWithEverything, victimWithEverything, VICTIM_CLOCK_START, type Victim, type VictimIds } from './victim';
import { writeSuiteResults, type AttemptRow } from './results';

/**
 * The access matrix, generated from the endpoint descriptors (src/shared/endpoints.ts): customer A
 * holds every kind of resource (./victim.ts: a subscriber, a cash buyer and a financed buyer, as
 * the three journeys exclude each other); then every operation is called
 *  (a) with no session: 401, unless the descriptor is public;
 *  (b) with customer B's session against A's ids, in the path, the query and the body: refused, or
 *      answered with B's own data; either way the answer is the one a made-up id gets (same status,
 *      code and, on success, body: nothing tells whether A's resource exists), nothing of A's
 *      (phone, e-mail, contract id, signature key) is in it, A's readable state is unchanged and
 *      nothing is written to the staff audit log;
 *  (c) with a customer's session on every staff operation: 403 code 4030;
 *  (d) with each staff role on every staff operation (and process event) its role may not use:
 *      403 code 4032.
 * A parameter the tables below do not know, a body id not named in BODY_IDS, a write without a
 * sample body, or an exception left without its operation fails the suite: a new descriptor is in
 * the matrix the day it is written, or the suite says what is missing.
 */

// ---------------------------------------------------------------------------------------------
// How each parameter is filled

type VictimId = keyof VictimIds;
/** One of A's ids, or a fixed value with the reason it is no customer's resource. */
type Fill = { victim: VictimId } | { fixed: string; why: string };
const ofA = (kind: VictimId): Fill => ({ victim: kind });
const fixed = (value: string, why: string): Fill => ({ fixed: value, why });

/**
 * Every path parameter of every descriptor. `:id` names a different resource by path: the first
 * pattern that matches the descriptor's path decides (no match fails the suite).
 */
const PATH_PARAMS: Readonly<Record<string, Fill | readonly (readonly [RegExp, Fill])[]>> = {
  id: [
    [/^\/portal\/notifications\/:id$/, ofA('notification')],
    [/^\/portal\/customers_success\/:id\//, ofA('case')],
    [/^\/portal\/customers\/scheduling\/:id$/, ofA('visit')],
    [/^\/portal\/client-partnership\/:id(\/|$)/, ofA('customer')],
    [/^\/portal\/customers\/:id\//, ofA('customer')],
    [/^\/admin\/customers\/:id(\/|$)/, ofA('customer')],
  ],
  profileId: ofA('customer'),
  billId: ofA('billFile'),
  documentId: ofA('document'),
  contractId: ofA('contract'),
  key: ofA('signatureKey'),
  proposalId: ofA('proposal'),
  fileId: ofA('caseFile'),
  messageId: ofA('message'),
  side: fixed('front', "a document's side"),
  planId: fixed('3', "a plan of the public catalogue (the client plan is the customer's)"),
  cep: fixed('01310100', 'a postal code'),
  state: fixed('SP', 'a state of the coverage'),
  day: fixed('2030-01-02', 'a calendar day'),
  queue: fixed('bills', "a back-office queue's name"),
  faqId: fixed('1', 'an FAQ entry (public content)'),
  passkeyId: fixed('1', "a staff member's passkey (staff only)"),
  staffId: fixed('1', 'a staff member (staff only)'),
  secureId: fixed('0000000000', "a sandbox invoice's secret link (public by design)"),
};

/** Every query parameter of every descriptor. */
const QUERY_PARAMS: Readonly<Record<string, Fill>> = {
  client_bill_file_id: ofA('billFile'),
  customer_id: ofA('customer'),
  is_holder: fixed('true', 'a flag'),
  q: fixed('Maria', 'a search text'),
  page: fixed('1', 'a page number'),
  sort: fixed('name', 'a sort key'),
  order: fixed('asc', 'a sort order'),
  status: fixed('PENDING', 'a status filter'),
  week: fixed('2026-11-23', 'a week'),
  staff_id: fixed('1', 'a staff member (staff only)'),
  action: fixed('visit:date', 'an audit action'),
  from: fixed('2026-11-01', 'a day'),
  until: fixed('2026-11-30', 'a day'),
  to: fixed('5511900000000', 'a phone of the development outbox'),
};

/**
 * The ids a customer's JSON body carries, by operation and field: a body field named `id` or
 * `…_id` not listed here fails the suite.
 */
const BODY_IDS: Readonly<Record<string, Readonly<Record<string, VictimId>>>> = {
  'POST /portal/customers/checkout': { client_plan_id: 'clientPlan' },
  'POST /portal/customers_success/create': { client_id: 'customer' },
  'POST /portal/customers/sessions/end': { session_id: 'session' },
};

const BOOKING = {
  date: '2026-11-24', time: '10:00', phone: '(11) 98765-4321', cep: '01310-100', address: 'Avenida Paulista', number: '1000',
  complement: 'apto 12', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP',
};

/**
 * A valid body for each write B tries against A's ids (validation runs before the handler: an
 * invalid body would be refused before ownership is ever looked at). A's ids are put in by BODY_IDS.
 */
const SAMPLE_BODIES: Readonly<Record<string, unknown>> = {
  'PATCH /portal/notifications/:id': { status: 'READ' },
  'PUT /portal/customers/contracts/:contractId/terms-of-use': { accepted: true },
  'PUT /portal/customers/scheduling/:id': BOOKING,
  'POST /portal/customers/checkout': { token: 'tok_sandbox_matrix' },
  'POST /portal/customers_success/create': {},
  // B's code is wrong whichever id it names; that A's id ends nothing with B's right code: test/server/profile/sessions.test.ts
  'POST /portal/customers/sessions/end': { secret: 'matrix-request-secret-0123456789abcdef', code: '123456' },
};

/** Operations a row does not try although its rule would, each with its reason (none today). */
const NOT_TRIED: Readonly<Record<string, { row: RowName; reason: string }>> = {};

// ---------------------------------------------------------------------------------------------
// Filling a call

const opName = (e: Pick<Endpoint, 'method' | 'path'>) => `${e.method.toUpperCase()} ${e.path}`;

function pathFill(e: Endpoint, name: string): Fill {
  const entry = PATH_PARAMS[name];
  if (entry === undefined) throw new Error(`${opName(e)}: path parameter :${name} has no row in PATH_PARAMS`);
  if (!Array.isArray(entry)) return entry as Fill;
  const hit = (entry as readonly (readonly [RegExp, Fill])[]).find(([pattern]) => pattern.test(e.path));
  if (!hit) throw new Error(`${opName(e)}: no pattern of PATH_PARAMS.${name} names what :${name} is here`);
  return hit[1];
}

function queryFill(e: Endpoint, name: string): Fill {
  const fill = QUERY_PARAMS[name];
  if (fill === undefined) throw new Error(`${opName(e)}: query parameter ${name} has no row in QUERY_PARAMS`);
  return fill;
}

/** The `id` / `…_id` fields of a descriptor's JSON body. */
function bodyIdFields(e: Endpoint): string[] {
  if (!e.body) return [];
  const schema = toJsonSchema(e.body, { errorMode: 'ignore' }) as { properties?: Record<string, unknown>; anyOf?: { properties?: object }[]; oneOf?: { properties?: object }[] };
  const props = new Set<string>(Object.keys(schema.properties ?? {}));
  for (const alt of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) for (const k of Object.keys(alt.properties ?? {})) props.add(k);
  return [...props].filter((k) => /(^|_)id$/.test(k)).sort();
}

/** What the tables lack for these descriptors, one line each (none: every operation has its row). */
function missingRows(endpoints: readonly Endpoint[]): string[] {
  const missing: string[] = [];
  for (const e of endpoints) {
    try { fill(e, () => '1'); } catch (err) { missing.push((err as Error).message); }
    if (e.auth === 'customer' || e.auth === 'either') {
      for (const field of bodyIdFields(e)) if (!BODY_IDS[opName(e)]?.[field]) missing.push(`${opName(e)}: body field ${field} has no row in BODY_IDS`);
    }
  }
  for (const e of intruderOperations(endpoints)) {
    if (e.body && !e.multipart && !e.bodyOptional && SAMPLE_BODIES[opName(e)] === undefined) missing.push(`${opName(e)}: no sample body in SAMPLE_BODIES`);
  }
  if (endpoints === ENDPOINTS) {
    const known = new Set(ENDPOINTS.map(opName));
    for (const key of [...Object.keys(NOT_TRIED), ...Object.keys(BODY_IDS), ...Object.keys(SAMPLE_BODIES), ...Object.keys(NOT_IN_SNAPSHOT)]) {
      if (!known.has(key)) missing.push(`${key}: a row for an operation the descriptors no longer have`);
    }
    for (const [key, { reason }] of Object.entries(NOT_TRIED)) if (reason.trim().length < 10) missing.push(`${key}: skipped without a written reason`);
  }
  return missing;
}

/** What A's id stands for when B asks: A's own, or one no customer has (same shape). */
type IdSource = (kind: VictimId) => string | number;
/** Thrown when an operation needs a kind of resource this account of A does not have (a buyer's plan or case). */
class NotHeld extends Error {}
const idOf = (v: Victim, kind: VictimId): string | number => {
  const id = v.ids[kind];
  if (id === undefined) throw new NotHeld(`${v.name} holds no ${kind}`);
  return id;
};
const victimIds = (v: Victim): IdSource => (kind) => idOf(v, kind);
const madeUpIds = (v: Victim): IdSource => (kind) => madeUp(idOf(v, kind));
/** Whether every id `e` carries is one this account of A holds. */
const holds = (v: Victim, e: Endpoint): boolean => {
  try { fill(e, victimIds(v)); return true; } catch (err) { if (err instanceof NotHeld) return false; throw err; }
};
/** An id of the same shape (and JSON type) as `real` that no row has. */
function madeUp(real: string | number): string | number {
  if (typeof real === 'number') return 987_654_321;
  if (/^\d+$/.test(real)) return '987654321';
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-/i.test(real)) return '00000000-0000-4000-8000-000000000000';
  return 'Z'.repeat(real.length);
}

interface Filled { path: string; query: string; body: unknown; usesVictim: VictimId[] }

function fill(e: Endpoint, ids: IdSource): Filled {
  const used: VictimId[] = [];
  const value = (f: Fill) => ('victim' in f ? (used.push(f.victim), ids(f.victim)) : f.fixed);
  const text = (f: Fill) => String(value(f));
  const params = Object.fromEntries(pathParamNames(e.path).map((n) => [n, text(pathFill(e, n))]));
  const path = fillPath(e.path, params as never);
  const query = new URLSearchParams(Object.keys(e.query ?? {}).map((n) => [n, text(queryFill(e, n))])).toString();
  let body: unknown = undefined;
  if (e.body && !e.multipart) {
    const sample = SAMPLE_BODIES[opName(e)];
    const ids = BODY_IDS[opName(e)] ?? {};
    body = { ...((sample ?? {}) as object), ...Object.fromEntries(Object.entries(ids).map(([field, kind]) => [field, value(ofA(kind))])) };
  }
  return { path, query, body, usesVictim: used };
}

// ---------------------------------------------------------------------------------------------
// Calling

interface Answer { status: number; code: unknown; text: string; hash: string }

async function send(f: typeof fetch, e: Endpoint, filled: Filled, token?: string): Promise<Answer> {
  const headers: Record<string, string> = { 'Accept-Language': 'pt-BR', 'X-Forwarded-For': newAddress() };
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (e.multipart) {
    const form = new FormData();
    form.append(e.multipart.field, new Blob([Buffer.from(fixture('photo-bill.png'))], { type: 'image/png' }), 'foto.png');
    body = form;
  } else if (filled.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(filled.body);
  }
  const url = `/api/v1${filled.path}${filled.query ? `?${filled.query}` : ''}`;
  const res = await f(url, { method: e.method.toUpperCase(), headers, body });
  const bytes = Buffer.from(await res.arrayBuffer());
  const text = bytes.toString('latin1');
  let code: unknown;
  if (/json/.test(res.headers.get('Content-Type') ?? '')) {
    try { code = (JSON.parse(text) as { code?: unknown }).code; } catch { code = undefined; }
  }
  // an error answer names its own request: the same answer twice differs only there
  const stable = code !== undefined ? Buffer.from(text.replace(/,?"request_id":"[^"]*"/, ''), 'latin1') : bytes;
  return { status: res.status, code, text, hash: await contentHash(stable) };
}

/**
 * What an answer's bytes say. A PDF rendered on request (the proposal's) carries the moment it was
 * rendered in its document information: that dictionary is left out of the comparison, every other
 * object of the file (pages, content streams, fonts) is in it.
 */
async function contentHash(bytes: Buffer): Promise<string> {
  const h = createHash('sha256');
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') return h.update(bytes).digest('hex');
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const info = doc.context.trailerInfo.Info;
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) {
    if (ref === info) continue;
    h.update(ref.toString()).update(object instanceof PDFStream ? Buffer.from(object.getContents()) : Buffer.from(object.toString()));
  }
  return h.digest('hex');
}

const auditCount = async (db: Db) => Number((await db.select({ n: count() }).from(staffAudit))[0]?.n ?? 0);

const CUSTOMER_SIDE = ENDPOINTS.filter((e) => (e.auth === 'customer' || e.auth === 'either') && !e.development);

/**
 * Reads of A's own that move on their own between two identical calls, with the reason; every
 * other customer GET is in A's snapshot.
 */
const NOT_IN_SNAPSHOT: Readonly<Record<string, string>> = {
  'GET /portal/customers/export': "a ZIP stamped with the moment it is made and limited to a few an hour; its content is A's other reads",
  'GET /portal/cep/:cep': 'a postal-code lookup through the public providers (no data of the customer, and no network in tests)',
};

/** A's readable state: every customer GET with A's ids and A's token, by status and content hash. */
async function snapshotOf(f: typeof fetch, v: Victim): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const e of CUSTOMER_SIDE) {
    if (e.method !== 'get' || NOT_IN_SNAPSHOT[opName(e)] || !holds(v, e)) continue;
    const a = await send(f, e, fill(e, victimIds(v)), v.token);
    out[opName(e)] = `${a.status} ${a.hash}`;
  }
  return out;
}

const changedReads = (before: Record<string, string>, after: Record<string, string>) =>
  Object.keys(before).filter((k) => before[k] !== after[k]);

// ---------------------------------------------------------------------------------------------
// The check of (b), also run against a deliberately broken server below

/** Operations that carry one of A's ids in the path, the query or the body. */
const intruderOperations = (endpoints: readonly Endpoint[] = CUSTOMER_SIDE): Endpoint[] =>
  endpoints.filter((e) => (e.auth === 'customer' || e.auth === 'either') && !e.development && carriesVictimId(e));
/** Whether a call of `e` carries one of A's ids (a descriptor the tables do not know is reported by missingRows). */
const carriesVictimId = (e: Endpoint): boolean => {
  try { return fill(e, () => 'x').usesVictim.length > 0; } catch { return false; }
};

interface IntruderVerdict { outcome: 'refused' | 'survived' | 'lost'; problems: string[] }

/**
 * B tries `e` with A's ids, then with made-up ids of the same shape; the verdict says what went
 * wrong, if anything. `f` is the server under test (the real one, or one with a broken route).
 */
async function tryAsIntruder(f: typeof fetch, db: Db, e: Endpoint, victim: Victim, intruderToken: string): Promise<IntruderVerdict> {
  const problems: string[] = [];
  const write = e.method !== 'get';
  const auditBefore = await auditCount(db);
  const before = write ? await snapshotOf(f, victim) : {};
  const attempt = await send(f, e, fill(e, victimIds(victim)), intruderToken);
  const control = await send(f, e, fill(e, madeUpIds(victim)), intruderToken);
  if (attempt.status !== control.status || attempt.code !== control.code) {
    problems.push(`A's ids answer ${attempt.status}/${String(attempt.code)}, made-up ids ${control.status}/${String(control.code)}: the answer tells A's resource exists`);
  } else if (attempt.status < 400 && attempt.hash !== control.hash) {
    problems.push(`answered ${attempt.status} with a body that depends on A's id`);
  }
  if (attempt.status >= 500) problems.push(`server error ${attempt.status}`);
  const markers = [victim.phone, victim.email, victim.ids.contract, victim.ids.signatureKey].filter((m): m is string => m !== undefined);
  const seen = markers.filter((m) => attempt.text.includes(m));
  if (seen.length) problems.push(`A's data in the answer: ${seen.join(', ')}`);
  if (write) {
    const changed = changedReads(before, await snapshotOf(f, victim));
    if (changed.length) problems.push(`A's state changed: ${changed.join(', ')}`);
  }
  const auditAfter = await auditCount(db);
  if (auditAfter !== auditBefore) problems.push(`${auditAfter - auditBefore} row(s) written to the staff audit log`);
  const outcome = problems.length ? 'lost' : attempt.status >= 400 ? 'refused' : 'survived';
  return { outcome, problems };
}

// ---------------------------------------------------------------------------------------------
// The run

type RowName = 'no session' | 'another customer' | 'customer on staff' | 'role on staff' | 'role on process event';
const rows: Record<RowName, AttemptRow & { failures: string[] }> = {
  'no session': { tried: 'No session on every non-public operation (expected 401)', times: 0, refused: 0, survived: 0, lost: 0, failures: [] },
  'another customer': { tried: "Customer B's session against every id of customer A (subscriber, cash and financed buyer) in path, query and body (expected: the answer a made-up id gets, A unchanged, no audit row)", times: 0, refused: 0, survived: 0, lost: 0, failures: [] },
  'customer on staff': { tried: "A customer's session on every staff operation (expected 403, code 4030)", times: 0, refused: 0, survived: 0, lost: 0, failures: [] },
  'role on staff': { tried: 'Each staff role on every staff operation its role may not use (expected 403, code 4032)', times: 0, refused: 0, survived: 0, lost: 0, failures: [] },
  'role on process event': { tried: 'Each staff role on every process event its role may not send (expected 403, code 4032)', times: 0, refused: 0, survived: 0, lost: 0, failures: [] },
};
const tally = (row: RowName, op: string, ok: boolean, refused: boolean, problem: string) => {
  const r = rows[row];
  r.times += 1;
  if (!ok) { r.lost += 1; r.failures.push(`${op}: ${problem}`); } else if (refused) r.refused += 1; else r.survived += 1;
};

let s: TestServer;
let victim: Victim;
let cashBuyer: Victim;
let financedBuyer: Victim;
const accounts = () => [victim, cashBuyer, financedBuyer];
let intruder: { id: number; token: string };
const initialState = new Map<Victim, Record<string, string>>();
const staffTokens = {} as Record<StaffRole, string>;

beforeAll(async () => {
  s = await createTestServer({ clock: testClock(VICTIM_CLOCK_START) });
  for (const role of STAFF_ROLES) staffTokens[role] = (await createStaff(s.db, s.clock, role, `${role}.matrix.${process.pid}@empresa.com.br`, [role])).token;
  victim = await victimWithEverything(s, staffTokens);
  cashBuyer = await buyerWithEverything(s, staffTokens, 'CASH_PURCHASE');
  financedBuyer = await buyerWithEverything(s, staffTokens, 'FINANCING');
  intruder = await signUpCustomerWithId(s);
  for (const v of accounts()) initialState.set(v, await snapshotOf(s.fetch, v));
}, 180_000);
afterAll(async () => { await s?.close(); });

const served = ENDPOINTS.filter((e) => !e.development);
const staffOps = served.filter((e) => e.auth === 'staff' || e.auth === 'either');
const withRow = (row: RowName) => (e: Endpoint) => NOT_TRIED[opName(e)]?.row !== row;

describe('the access matrix, from the descriptors', () => {
  test('every parameter, body id and write of the descriptors has its row', () => {
    expect(missingRows(ENDPOINTS)).toEqual([]);
  });

  test('a new descriptor with a parameter, a body id or a write the tables do not know fails', () => {
    const newcomer = (over: Partial<Endpoint>): Endpoint => ({ method: 'get', path: '/portal/customers/panels', auth: 'customer', summary: 'x', tag: 'x', responses: {}, ...over });
    expect(missingRows([newcomer({ path: '/portal/customers/panels/:panelId' })])).toEqual(['GET /portal/customers/panels/:panelId: path parameter :panelId has no row in PATH_PARAMS']);
    expect(missingRows([newcomer({ path: '/portal/panels/:id' })])).toEqual(['GET /portal/panels/:id: no pattern of PATH_PARAMS.id names what :id is here']);
    expect(missingRows([newcomer({ query: { panel_id: {} } })])).toEqual(['GET /portal/customers/panels: query parameter panel_id has no row in QUERY_PARAMS']);
    expect(missingRows([newcomer({ method: 'post', body: v.object({ panel_id: v.number() }) })])).toEqual(['POST /portal/customers/panels: body field panel_id has no row in BODY_IDS']);
    expect(missingRows([newcomer({ method: 'put', path: '/portal/customers/documents/:documentId/:side', body: v.object({ ok: v.boolean() }) })]))
      .toEqual(['PUT /portal/customers/documents/:documentId/:side: no sample body in SAMPLE_BODIES']);
  });

  test('(a) no session: every non-public operation is 401', async () => {
    const auditBefore = await auditCount(s.db);
    const before = await snapshotOf(s.fetch, victim);
    for (const e of served.filter((x) => x.auth !== 'none').filter(withRow('no session'))) {
      const a = await send(s.fetch, e, fill(e, victimIds(victim)));
      tally('no session', opName(e), a.status === 401, true, `answered ${a.status}`);
    }
    const changed = changedReads(before, await snapshotOf(s.fetch, victim));
    if (changed.length) tally('no session', 'A', false, false, `state changed: ${changed.join(', ')}`);
    expect(await auditCount(s.db)).toBe(auditBefore);
    expect(rows['no session'].failures).toEqual([]);
  });

  test("(b) customer B against customer A's ids", async () => {
    const ops = intruderOperations().filter(withRow('another customer'));
    expect(ops.length).toBeGreaterThan(10);
    // the subscriber holds every kind the descriptors name; the buyers every kind but the plan and the case
    expect(ops.filter((e) => !holds(victim, e))).toEqual([]);
    for (const v of accounts()) {
      for (const e of ops.filter((x) => holds(v, x))) {
        const verdict = await tryAsIntruder(s.fetch, s.db, e, v, intruder.token);
        tally('another customer', `${opName(e)} (${v.name})`, verdict.outcome !== 'lost', verdict.outcome === 'refused', verdict.problems.join('; '));
      }
    }
    expect(rows['another customer'].failures).toEqual([]);
  }, 240_000);

  test('(c) a customer on every staff operation is 403 (4030)', async () => {
    const auditBefore = await auditCount(s.db);
    for (const e of served.filter((x) => x.auth === 'staff').filter(withRow('customer on staff'))) {
      const a = await send(s.fetch, e, fill(e, victimIds(victim)), intruder.token);
      tally('customer on staff', opName(e), a.status === 403 && a.code === 4030, true, `answered ${a.status}/${String(a.code)}`);
    }
    expect(await auditCount(s.db)).toBe(auditBefore);
    expect(rows['customer on staff'].failures).toEqual([]);
  });

  test('(d) each staff role on every staff operation it may not use is 403 (4032)', async () => {
    const auditBefore = await auditCount(s.db);
    for (const e of staffOps.filter(withRow('role on staff'))) {
      expect(e.roles?.length, opName(e)).toBeGreaterThan(0);
      for (const role of STAFF_ROLES.filter((r) => !e.roles!.includes(r))) {
        const a = await send(s.fetch, e, fill(e, victimIds(victim)), staffTokens[role]);
        tally('role on staff', `${opName(e)} as ${role}`, a.status === 403 && a.code === 4032, true, `answered ${a.status}/${String(a.code)}`);
      }
    }
    const events = ENDPOINTS.find((e) => e.method === 'post' && e.path === '/admin/customers/:id/events');
    expect(events).toBeDefined();
    for (const [type, roles] of Object.entries(STAFF_EVENT_ROLES)) {
      for (const role of STAFF_ROLES.filter((r) => !roles.includes(r))) {
        const filled = { ...fill(events!, victimIds(victim)), body: { type, version: 1 } };
        const a = await send(s.fetch, events!, filled, staffTokens[role]);
        tally('role on process event', `${type} as ${role}`, a.status === 403 && a.code === 4032, true, `answered ${a.status}/${String(a.code)}`);
      }
    }
    expect(await auditCount(s.db)).toBe(auditBefore);
    expect(rows['role on staff'].failures).toEqual([]);
    expect(rows['role on process event'].failures).toEqual([]);
  });

  test("A's data is as it was after the whole matrix", async () => {
    for (const v of accounts()) {
      const before = initialState.get(v)!;
      expect(changedReads(before, await snapshotOf(s.fetch, v)), v.name).toEqual([]);
      expect(Object.values(before).filter((x) => x.startsWith('200 ')).length, v.name).toBeGreaterThan(20);
    }
  });

  test("A's snapshots hold the invoice, the financing and the badge", async () => {
    const read = async (v: Victim, path: string) => (await s.fetch(`/api/v1${path}`, { headers: { Authorization: `Bearer ${v.token}` } })).json() as Promise<Record<string, unknown>>;
    expect(await read(cashBuyer, '/portal/customer/invoice_status')).toMatchObject({ invoice_status: 'PAID' });
    expect(await read(financedBuyer, '/portal/client_lending')).toMatchObject({ status: 'APPROVED' });
    expect(initialState.get(cashBuyer)!['GET /portal/customer/invoice_status']).toMatch(/^200 /);
    expect(initialState.get(financedBuyer)!['GET /portal/client_lending']).toMatch(/^200 /);
    expect(initialState.get(victim)!['GET /portal/client-partnership/:id/emproyee-card']).toMatch(/^200 /);
  });
});

describe('a deliberately broken endpoint is caught', () => {
  /**
   * A copy of a real descriptor (GET /portal/customers/:id/proposal) served, in front of the real
   * server, by a handler that trusts the path's id instead of the session: it returns that
   * customer's row to any bearer. The matrix's check must report it; the real route must pass.
   */
  const leakyServer = (real: TestServer): typeof fetch => {
    const app = new Hono();
    app.get('/api/v1/portal/customers/:id/proposal', async (c) => {
      if (!/^Bearer \S+$/.test(c.req.header('Authorization') ?? '')) return c.json({ code: 4010, message: 'sem sessão' }, 401);
      const id = Number(c.req.param('id'));
      const rows = await real.db.select({ id: customers.id, phone: customers.phone, email: customers.email }).from(customers);
      const row = rows.find((r) => r.id === id);
      return c.json({ data: row ? [row] : [] });
    });
    app.all('*', (c) => real.fetch(c.req.raw));
    return (async (input: RequestInfo | URL, init?: RequestInit) =>
      app.request(input instanceof Request ? input : new Request(new URL(String(input), 'http://portal.test'), init))) as typeof fetch;
  };
  const proposals = () => ENDPOINTS.find((e) => e.method === 'get' && e.path === '/portal/customers/:id/proposal')!;

  test('the check flags a route that serves another customer\'s row', async () => {
    expect(intruderOperations()).toContain(proposals());
    const verdict = await tryAsIntruder(leakyServer(s), s.db, proposals(), victim, intruder.token);
    expect(verdict.outcome).toBe('lost');
    expect(verdict.problems.join('\n')).toMatch(/depends on A's id|tells A's resource exists/);
    expect(verdict.problems.join('\n')).toContain(`A's data in the answer: ${victim.phone}`);
  });

  test('the same check passes the real route', async () => {
    expect((await tryAsIntruder(s.fetch, s.db, proposals(), victim, intruder.token)).problems).toEqual([]);
  });
});

afterAll(() => {
  const byRow = Object.entries(rows) as [RowName, (typeof rows)[RowName]][];
  writeSuiteResults({
    id: '1-access-matrix',
    title: 'Access matrix',
    about: 'Generated from the endpoint descriptors (test/resilience/accessMatrix.test.ts): every operation with no session, '
      + "with another customer's session against the first customer's ids, with a customer's session on every staff operation, "
      + 'and with each staff role on what its role may not use. Customer A is three accounts, as a subscription, a cash and a financed purchase exclude each other: '
      + 'the subscriber holds a bill, a proposal, a visit, an employee badge, a client plan and card, documents, contracts and their signature keys, '
      + 'a project case with a file and a message with an attachment, and notifications; each buyer a bill, the initial and final proposals, a visit, '
      + 'signed purchase contracts, the purchase documents, notifications, and the paid invoice (cash) or the approved financing (financed).',
    rows: byRow.map(([, { failures: _failures, ...row }]) => row),
    coverage: {
      'operations in the descriptors (development ones left out)': served.length,
      'public operations (auth none)': served.filter((e) => e.auth === 'none').length,
      'customer operations': served.filter((e) => e.auth === 'customer').length,
      'staff operations': served.filter((e) => e.auth === 'staff').length,
      'operations for staff or the customer themselves': served.filter((e) => e.auth === 'either').length,
      "operations carrying one of A's ids (tried by B)": intruderOperations().length,
      "of them, tried against each buyer's ids too": cashBuyer ? intruderOperations().filter((e) => holds(cashBuyer, e)).length : 0,
      "reads in A's snapshot, compared around every write B tries": CUSTOMER_SIDE.filter((e) => e.method === 'get' && !NOT_IN_SNAPSHOT[opName(e)]).length,
    },
    notTried: [
      ...Object.entries(NOT_TRIED).map(([operation, { row, reason }]) => ({ operation, row, reason })),
      ...Object.entries(NOT_IN_SNAPSHOT).map(([operation, reason]) => ({ operation, row: "A's snapshot", reason })),
      ...ENDPOINTS.filter((e) => e.development).map((e) => ({ operation: opName(e), row: 'all', reason: 'served only outside production (development outbox and payment sandbox)' })),
    ].sort((x, y) => x.operation.localeCompare(y.operation)),
  });
});
