import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bills, uploads } from '../../../src/server/platform/db/schema';
import { loadProcess } from '../../../src/server/process/host';
import { MAX_UPLOAD_BYTES } from '#shared/bill/rules';
import { messages } from '#shared/messages';
import { createTestServer, type TestServer } from '../../support/server';
import { call, signUpNewCustomer } from '../../support/flows';
import { fixture, storedFiles, upload } from '../../support/uploads';

let s: TestServer;
beforeAll(async () => { s = await createTestServer(); });
afterAll(async () => { await s.close(); });

/** A new customer, and the files on disk before they upload anything. */
async function customer() {
  const c = await signUpNewCustomer(s);
  const me = await call(s, 'GET', '/portal/customers', undefined, { token: c.token });
  return { ...c, id: Number(me.body.id), filesBefore: await storedFiles(s) };
}

async function nothingStored(c: { id: number; filesBefore: string[] }) {
  expect(await s.db.select().from(uploads).where(eq(uploads.customerId, c.id))).toEqual([]);
  expect(await s.db.select().from(bills).where(eq(bills.customerId, c.id))).toEqual([]);
  expect((await loadProcess(s.db, c.id))?.version).toBe(1);
  expect(await storedFiles(s)).toEqual(c.filesBefore); // staging files included
}

const PDF = fixture('cemig-clean-residential.pdf');
const PNG = fixture('photo-bill.png');

describe('uploads (bills, and every later upload)', () => {
  test('an 11 MB file is refused with 413 and the spec message; nothing is kept', async () => {
    const c = await customer();
    const big = new Uint8Array(11 * 1024 * 1024);
    big.set(PDF.subarray(0, 1024));
    const r = await upload(s, '/portal/customers/bills?is_holder=true', { bytes: big, name: 'conta.pdf', type: 'application/pdf' }, { token: c.token });
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({ code: 4130, message: 'Tamanho do arquivo excedido! Carregue um arquivo com até 10MB.' });
    await nothingStored(c);
  });

  test('a file of exactly 10 MB (10,485,760 bytes) is accepted and kept whole', async () => {
    expect(MAX_UPLOAD_BYTES).toBe(10_485_760);
    const c = await customer();
    const exact = new Uint8Array(MAX_UPLOAD_BYTES);
    exact.set(PDF);
    const r = await upload(s, '/portal/customers/bills?is_holder=true', { bytes: exact, name: 'conta.pdf', type: 'application/pdf' }, { token: c.token });
    expect(r.status).toBe(201);
    const [u] = await s.db.select().from(uploads).where(eq(uploads.customerId, c.id));
    expect(u?.size).toBe(MAX_UPLOAD_BYTES);
  });

  test('10 MB and one byte is refused with the same 413 and message; nothing is kept', async () => {
    const c = await customer();
    const over = new Uint8Array(MAX_UPLOAD_BYTES + 1);
    over.set(PDF);
    const r = await upload(s, '/portal/customers/bills?is_holder=true', { bytes: over, name: 'conta.pdf', type: 'application/pdf' }, { token: c.token });
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({ code: 4130, message: 'Tamanho do arquivo excedido! Carregue um arquivo com até 10MB.' });
    await nothingStored(c);
  });

  test('the limit holds while streaming, without a Content-Length', async () => {
    const c = await customer();
    const boundary = 'xBOUNDARYx';
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(ctl) {
        if (sent === 0) ctl.enqueue(new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`));
        if (sent >= 20) { ctl.close(); return; } // would be 20 MB: the server stops reading long before
        sent += 1;
        ctl.enqueue(chunk);
      },
    });
    const res = await s.app.request('/api/v1/portal/customers/bills?is_holder=true', {
      method: 'POST', body, duplex: 'half',
      headers: { Authorization: `Bearer ${c.token}`, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(20);
    await nothingStored(c);
  });

  test('a PNG named .pdf is taken as a PNG, a PDF named .png as a PDF (type by content)', async () => {
    const a = await customer();
    const r1 = await upload(s, '/portal/customers/bills?is_holder=true', { bytes: PNG, name: 'conta.pdf', type: 'application/pdf' }, { token: a.token });
    expect(r1.status).toBe(201);
    const [u1] = await s.db.select().from(uploads).where(eq(uploads.customerId, a.id));
    expect(u1?.kind).toBe('png');
    const b = await customer();
    const r2 = await upload(s, '/portal/customers/bills?is_holder=false', { bytes: PDF, name: 'foto.png', type: 'image/png' }, { token: b.token });
    expect(r2.status).toBe(201);
    const [u2] = await s.db.select().from(uploads).where(eq(uploads.customerId, b.id));
    expect(u2?.kind).toBe('pdf');
    // the file comes back with the type of its content, as an attachment
    const file = await s.fetch(`/api/v1/portal/customers/bill?client_bill_file_id=${String(r2.body.id)}`, { headers: { Authorization: `Bearer ${b.token}` } });
    expect(file.headers.get('Content-Type')).toBe('application/pdf');
    expect(file.headers.get('Content-Disposition')).toMatch(/^attachment;/);
    expect(file.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);
  });

  test('a file that is neither PDF, JPEG nor PNG is refused whatever its name', async () => {
    const c = await customer();
    const r = await upload(s, '/portal/customers/bills?is_holder=true', { bytes: new TextEncoder().encode('<html><script>alert(1)</script>'), name: 'conta.pdf', type: 'application/pdf' }, { token: c.token });
    expect(r.status).toBe(415);
    expect(r.body).toMatchObject({ code: 4150, message: messages['upload.file.unsupported'] });
    await nothingStored(c);
  });

  test('an empty file and a request without a file are refused', async () => {
    const c = await customer();
    const empty = await upload(s, '/portal/customers/bills?is_holder=true', { bytes: new Uint8Array(0), name: 'conta.pdf' }, { token: c.token });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe(4005);
    const wrongField = await upload(s, '/portal/customers/bills?is_holder=true', { bytes: PDF, name: 'conta.pdf' }, { token: c.token, field: 'other' });
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.code).toBe(4003);
    await nothingStored(c);
  });

  test('a connection cut midway leaves nothing in the database or on disk', async () => {
    const c = await customer();
    const boundary = 'cutBOUNDARY';
    let pulls = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(ctl) {
        pulls += 1;
        if (pulls === 1) ctl.enqueue(new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n`));
        else if (pulls < 4) ctl.enqueue(PDF.subarray(0, 2048));
        else ctl.error(new Error('connection reset'));
      },
    });
    const res = await s.app.request('/api/v1/portal/customers/bills?is_holder=true', {
      method: 'POST', body, duplex: 'half',
      headers: { Authorization: `Bearer ${c.token}`, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
    } as RequestInit);
    expect(res.status).toBe(400);
    await nothingStored(c);
  });

  test('a body that ends before its closing boundary (truncated) is not stored', async () => {
    const c = await customer();
    const boundary = 'truncB';
    const text = new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n`);
    const res = await s.app.request('/api/v1/portal/customers/bills?is_holder=true', {
      method: 'POST', body: Buffer.concat([text, PDF.subarray(0, 4096)]),
      headers: { Authorization: `Bearer ${c.token}`, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.status).toBe(400);
    await nothingStored(c);
  });

  test("another customer's file is not served, nor any file without a session", async () => {
    const a = await customer();
    const b = await customer();
    const r = await upload(s, '/portal/customers/bills?is_holder=true', { bytes: PDF, name: 'conta.pdf' }, { token: a.token });
    const id = String(r.body.id);
    const other = await call(s, 'GET', `/portal/customers/bill?client_bill_file_id=${id}`, undefined, { token: b.token });
    expect(other.status).toBe(404);
    expect(other.body.code).toBe(4041);
    const anonymous = await call(s, 'GET', `/portal/customers/bill?client_bill_file_id=${id}`);
    expect(anonymous.status).toBe(401);
    const own = await s.fetch(`/api/v1/portal/customers/bill?client_bill_file_id=${id}`, { headers: { Authorization: `Bearer ${a.token}` } });
    expect(own.status).toBe(200);
  });

  test('stored files have random names, not the customer\'s', async () => {
    const c = await customer();
    await upload(s, '/portal/customers/bills?is_holder=true', { bytes: PDF, name: 'minha-conta-de-luz.pdf' }, { token: c.token });
    const files = await storedFiles(s);
    expect(files.some((f) => f.includes('minha-conta'))).toBe(false);
    const [u] = await s.db.select().from(uploads).where(eq(uploads.customerId, c.id));
    expect(u?.storageKey).toMatch(/^[A-Za-z0-9_-]{2}\/[A-Za-z0-9_-]{32}$/);
    expect(files.some((f) => f.endsWith(u?.storageKey ?? '?'))).toBe(true);
  });
});
