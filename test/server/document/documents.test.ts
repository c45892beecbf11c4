import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createStaff } from '../../../src/server/staff/service';
import { notifications, staffAudit } from '../../../src/server/platform/db/schema';
import { createTestServer, type TestServer } from '../../support/server';
import { call, customerAtCheckout, customerAtPlanChoice, newAddress } from '../../support/flows';
import { fixture, storedFiles } from '../../support/uploads';

let s: TestServer;
let staffToken: string;
beforeAll(async () => {
  s = await createTestServer();
  staffToken = (await createStaff(s.db, s.clock, 'Nina', `nina.${process.pid}@empresa.com.br`)).token;
});
afterAll(async () => { await s.close(); });

const PNG = () => fixture('photo-bill.png');
const PDF = () => fixture('cemig-clean-residential.pdf');

/** A multipart POST of several files, as the booking screen's FormData sends them. */
async function send(token: string | undefined, files: Record<string, { bytes: Uint8Array; name: string }>) {
  const form = new FormData();
  for (const [field, f] of Object.entries(files)) form.append(field, new Blob([Buffer.from(f.bytes)]), f.name);
  const headers: Record<string, string> = { 'X-Forwarded-For': newAddress() };
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await s.fetch('/api/v1/portal/customers/documents', { method: 'POST', headers, body: form });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
type Doc = { id: number; type: string; status: string; name: string; has_back: boolean; justification: string | null; file_name: string };
const docs = async (token: string) => (await call(s, 'GET', '/portal/customers/documents', undefined, { token })).body.data as Doc[];

const paid = (kind: 'personal' | 'business' = 'personal') => customerAtCheckout(s, { kind, paid: true });

describe('POST /portal/customers/documents', () => {
  test("an individual sends the ID's front and back; it is 'Em análise' and cannot be sent again while it is", async () => {
    const c = await paid();
    const r = await send(c.token, { document: { bytes: PNG(), name: 'rg-frente.png' }, document_back: { bytes: PDF(), name: 'rg-verso.pdf' } });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject([{ type: 'DOCUMENT', status: 'PENDING', name: 'Documento de identidade', has_back: true, file_name: 'rg-frente.png' }]);
    expect(await docs(c.token)).toEqual(r.body.data);
    // the profile carries the status of each document (spec §2 'Meu perfil')
    expect((await call(s, 'GET', '/portal/customers', undefined, { token: c.token })).body.documents).toEqual([{ type: 'DOCUMENT', status: 'PENDING' }]);
    const again = await send(c.token, { document: { bytes: PNG(), name: 'rg.png' } });
    expect(again.status).toBe(409);
    // the owner downloads both sides, named by the server
    const id = (r.body.data as Doc[])[0]!.id;
    const back = await s.fetch(`/api/v1/portal/customers/documents/${id}/back`, { headers: { Authorization: `Bearer ${c.token}` } });
    expect(back.status).toBe(200);
    expect(back.headers.get('Content-Disposition')).toContain('documento.pdf');
    const other = await paid();
    expect((await s.fetch(`/api/v1/portal/customers/documents/${id}/front`, { headers: { Authorization: `Bearer ${other.token}` } })).status).toBe(404);
  });

  test('the front is required; a company needs all three of its documents; nothing is kept from a refused request', async () => {
    const c = await paid();
    expect((await send(c.token, { document_back: { bytes: PNG(), name: 'verso.png' } })).status).toBe(400);
    const company = await paid('business');
    const before = (await storedFiles(s)).length;
    const two = await send(company.token, { card: { bytes: PDF(), name: 'cnpj.pdf' }, receipt: { bytes: PDF(), name: 'rep.pdf' } });
    expect(two.status).toBe(400);
    expect(two.body.field).toBe('document');
    expect((await storedFiles(s)).length).toBe(before);
    const three = await send(company.token, { card: { bytes: PDF(), name: 'cnpj.pdf' }, receipt: { bytes: PDF(), name: 'rep.pdf' }, document: { bytes: PNG(), name: 'contrato.png' } });
    expect(three.status).toBe(201);
    expect((three.body.data as Doc[]).map((d) => [d.type, d.name, d.status])).toEqual([
      ['CARD', 'Cartão CNPJ', 'PENDING'], ['RECEIPT', 'Representante legal', 'PENDING'], ['DOCUMENT', 'Documento legal', 'PENDING'],
    ]);
  });

  test('a wrong file is refused by content, one of 10 MB + 1 byte by size, and the others of the request are not kept', async () => {
    const c = await paid();
    const before = (await storedFiles(s)).length;
    const html = new TextEncoder().encode('<html><body>%PDF-1.4</body></html>');
    const wrong = await send(c.token, { document: { bytes: PNG(), name: 'rg.png' }, document_back: { bytes: html, name: 'verso.pdf' } });
    expect(wrong.status).toBe(415);
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(PNG().subarray(0, 64));
    const tooBig = await send(c.token, { document: { bytes: big, name: 'rg.png' } });
    expect(tooBig.status).toBe(413);
    expect((await storedFiles(s)).length).toBe(before);
    expect(await docs(c.token)).toEqual([]);
  });

  test('not before the checkout, and not without a session', async () => {
    const c = await customerAtPlanChoice(s, { over: { bill: 600 } });
    expect((await send(c.token, { document: { bytes: PNG(), name: 'rg.png' } })).status).toBe(409);
    expect((await send(undefined, { document: { bytes: PNG(), name: 'rg.png' } })).status).toBe(401);
  });
});

describe('staff decide documents', () => {
  test('denied with a reason: the customer reads it in the bell, the upload opens again, the decision is audited; then approved', async () => {
    const c = await paid();
    const sent = ((await send(c.token, { document: { bytes: PNG(), name: 'rg.png' } })).body.data as Doc[])[0]!;
    const noReason = await call(s, 'PUT', `/admin/customers/${c.id}/documents/${sent.id}`, { status: 'DENIED' }, { token: staffToken });
    expect(noReason.status).toBe(400);
    expect((await call(s, 'PUT', `/admin/customers/${c.id}/documents/${sent.id}`, { status: 'APPROVED' }, { token: c.token })).status).toBe(403);
    const denied = await call(s, 'PUT', `/admin/customers/${c.id}/documents/${sent.id}`, { status: 'DENIED', justification: 'A foto está ilegível' }, { token: staffToken });
    expect(denied.status).toBe(200);
    expect(denied.body).toMatchObject({ status: 'DENIED', justification: 'A foto está ilegível' });
    const bell = await s.db.select({ message: notifications.message }).from(notifications).where(eq(notifications.customerId, c.id));
    expect(bell.map((n) => n.message)).toContain('Seu documento "Documento de identidade" foi negado: A foto está ilegível. Envie um novo na página de pagamento da assinatura.');
    const trail = await s.db.select().from(staffAudit).where(eq(staffAudit.customerId, c.id));
    expect(trail.some((a) => a.action === 'document:decide')).toBe(true);
    // deciding twice is refused
    expect((await call(s, 'PUT', `/admin/customers/${c.id}/documents/${sent.id}`, { status: 'APPROVED' }, { token: staffToken })).status).toBe(409);
    // the denied document is sent again
    const resent = await send(c.token, { document: { bytes: PNG(), name: 'rg-nova.png' } });
    expect(resent.status).toBe(201);
    const current = (resent.body.data as Doc[])[0]!;
    expect(current).toMatchObject({ status: 'PENDING', file_name: 'rg-nova.png', justification: null });
    expect((await call(s, 'PUT', `/admin/customers/${c.id}/documents/${current.id}`, { status: 'APPROVED' }, { token: staffToken })).body).toMatchObject({ status: 'APPROVED' });
    const all = (await call(s, 'GET', `/admin/customers/${c.id}/documents`, undefined, { token: staffToken })).body.data as Doc[];
    expect(all.map((d) => d.status)).toEqual(['APPROVED', 'DENIED']);
  });
});
