import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { ErrorCode } from '#shared/errors';
import { bills, uploads } from '../../../src/server/platform/db/schema';
import { describeError, maskPersonalData } from '../../../src/server/http/errors';
import { createTestServer, type TestServer } from '../../support/server';
import { call, signUpNewCustomer } from '../../support/flows';
import { fixture, storedFiles } from '../../support/uploads';
import { captureLogs, type CapturedLogs } from '../../support/logs';

/**
 * A file name with a control character is the customer's mistake (400), not the server's; and an
 * error the server did not expect is logged by class, code and a masked message: never the
 * request's parameters, the SQL or its parameters, phones, CPF/CNPJ or e-mail addresses.
 */
let s: TestServer;
let consoleLines: string[];
let captured: CapturedLogs | undefined;
/** What was logged: console lines, then each logger line as its message followed by the whole record. */
let logged: string[] = [];
const readLogged = () => { logged = [...consoleLines, ...(captured?.records() ?? []).map((r) => `${String(r.msg)} ${JSON.stringify(r)}`)]; };
const PHONE = '5511987654321';
const CPF = '123.456.789-09';
const EMAIL = 'maria.silva@example.com';

beforeAll(async () => {
  s = await createTestServer();
  // an unexpected failure of the database, with personal data among the query's parameters
  s.app.get('/api/v1/test-only/failing-query', async () => {
    await s.db.execute(sql`SELECT ${`${PHONE} ${CPF} ${EMAIL}`}::integer AS n`);
    return new Response('unreachable');
  });
});
afterAll(async () => { await s.close(); });
afterEach(() => { vi.restoreAllMocks(); captured?.restore(); captured = undefined; });

/** Warnings and errors, from the console and from the server's logger (its JSON lines). */
function captureErrors() {
  captured = captureLogs('warn');
  consoleLines = [];
  const capture = (...args: unknown[]) => { consoleLines.push(args.map((a) => (a instanceof Error ? `${a.stack ?? ''} ${JSON.stringify(a)}` : typeof a === 'string' ? a : JSON.stringify(a))).join(' ')); };
  vi.spyOn(console, 'error').mockImplementation(capture);
  vi.spyOn(console, 'warn').mockImplementation(capture);
}

/** A multipart body whose file part carries `disposition` as its Content-Disposition parameters. */
async function uploadWithDisposition(token: string, disposition: string): Promise<Response> {
  const boundary = 'nameBOUNDARY';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; ${disposition}\r\nContent-Type: application/pdf\r\n\r\n`, 'latin1');
  const body = Buffer.concat([head, fixture('cemig-clean-residential.pdf'), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return s.app.request('/api/v1/portal/customers/bills?is_holder=true', {
    method: 'POST', body,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
  });
}

describe('a control character in the uploaded file name', () => {
  test.each([
    ["filename*=UTF-8''conta%00.pdf", 'NUL in an RFC 5987 name'],
    ["filename*=UTF-8''conta%1B%5B2J.pdf", 'an escape sequence'],
    ["filename*=UTF-8''conta%0Ade%0Dluz.pdf", 'a line break'],
    ["filename*=UTF-8''conta%7F.pdf", 'DEL'],
    ["filename*=UTF-8''conta%C2%85.pdf", 'a C1 control (NEL)'],
  ])('%s (%s): 400 code 4000 on the file field, nothing stored, nothing logged', async (disposition) => {
    const c = await signUpNewCustomer(s);
    const me = await call(s, 'GET', '/portal/customers', undefined, { token: c.token });
    const before = await storedFiles(s);
    captureErrors();
    const res = await uploadWithDisposition(c.token, disposition);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: ErrorCode.VALIDATION, field: 'file' });
    readLogged();
    expect(logged).toEqual([]);
    const id = Number(me.body.id);
    expect(await s.db.select().from(uploads).where(eq(uploads.customerId, id))).toEqual([]);
    expect(await s.db.select().from(bills).where(eq(bills.customerId, id))).toEqual([]);
    expect(await storedFiles(s)).toEqual(before);
  });

  test('a name in UTF-8 with accents still goes through', async () => {
    const c = await signUpNewCustomer(s);
    const res = await uploadWithDisposition(c.token, "filename*=UTF-8''conta%20de%20luz%20mar%C3%A7o.pdf");
    expect(res.status).toBe(201);
  });
});

describe('the log line of an unexpected error', () => {
  test('a failing query: 500 with the generic body; the log names class and code, never SQL, parameters or personal data', async () => {
    captureErrors();
    const res = await s.app.request(`/api/v1/test-only/failing-query?phone=${PHONE}&email=${EMAIL}`);
    expect(res.status).toBe(500);
    readLogged();
    expect(await res.json()).toEqual({ code: 500, message: 'Algo deu de errado, tente novamente.', request_id: res.headers.get('X-Request-Id') });
    expect(logged).toHaveLength(1);
    const line = logged[0] ?? '';
    expect(line).toMatch(/DrizzleQueryError/);
    // the database's own class, code and words (numeric_value_out_of_range), without the value it quoted
    expect(line).toMatch(/\(cause: DatabaseError \[22003\]: value "…" is out of range for type integer\)/);
    for (const secret of [PHONE, CPF, EMAIL, '987654321', '456.789', 'maria', 'SELECT', 'params', '::integer']) {
      expect(line).not.toContain(secret);
    }
  });

  test('phones, CPF/CNPJ-like numbers and e-mail addresses in a message are masked', () => {
    const masked = maskPersonalData(
      `phone 5511987654321, 11987654321, (11) 98765-4321, +55 11 98765-4321; cpf 12345678909 or ${CPF}; cnpj 11.222.333/0001-81 or 11222333000181; mail ${EMAIL}; bill 42, job 1234, on 2026-11-24`,
    );
    for (const secret of ['5511987654321', '11987654321', '98765-4321', '12345678909', CPF, '11.222.333/0001-81', '11222333000181', EMAIL, 'maria']) {
      expect(masked).not.toContain(secret);
    }
    // what is not personal stays readable
    expect(masked).toContain('bill 42');
    expect(masked).toContain('job 1234');
    expect(masked).toContain('2026-11-24');
  });

  test('describeError names the class and code and leaves out a query error\'s query and params', () => {
    const cause = Object.assign(new Error(`duplicate key value for ${EMAIL}`), { code: '23505' });
    const queryError = Object.assign(new Error(`Failed query: insert into "customers" values ($1)\nparams: ${PHONE},${EMAIL}`), {
      name: 'DrizzleQueryError', query: 'insert into "customers" values ($1)', params: [PHONE, EMAIL], cause,
    });
    const line = describeError(queryError);
    expect(line).toMatch(/DrizzleQueryError/);
    expect(line).toContain('23505');
    for (const secret of [PHONE, EMAIL, 'insert', 'customers', 'params']) expect(line).not.toContain(secret);
    const database = Object.assign(new Error('invalid input syntax for type integer: "Maria da Silva"'), { code: '22P02', severity: 'ERROR', query: 'select $1', params: ['Maria da Silva'] });
    expect(describeError(database)).toMatch(/^DatabaseError \[22P02\]: invalid input syntax for type integer: "…"/);
    const unique = Object.assign(new Error('duplicate key value violates unique constraint "customers_phone_unique"'), { code: '23505', query: 'insert', params: [PHONE] });
    expect(describeError(unique)).toContain('unique constraint "customers_phone_unique"');
    const plain = describeError(Object.assign(new TypeError(`cannot read ${CPF}`), { code: 'E_X' }));
    expect(plain).toMatch(/TypeError/);
    expect(plain).toContain('E_X');
    expect(plain).toContain('cannot read');
    expect(plain).not.toContain(CPF);
  });
});
