import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { downloadName } from '#shared/bill/rules';
import { customers } from '../../../src/server/platform/db/schema';
import { createStaff } from '../../../src/server/staff/service';
import { attachment } from '../../../src/server/http/attachment';
import { createTestServer, type TestServer } from '../../support/server';
import { call, signUpNewCustomer } from '../../support/flows';
import { fixture, upload } from '../../support/uploads';

/**
 * Downloads are named by the server with the extension of the type detected from the content,
 * whatever the customer's file was called (`fatura.html` holding a PDF comes back as a PDF), for
 * the customer and for staff alike.
 */
let s: TestServer;
beforeAll(async () => { s = await createTestServer(); });
afterAll(async () => { await s.close(); });

const PDF = fixture('cemig-clean-residential.pdf');
const PNG = fixture('photo-bill.png');

async function customer() {
  const c = await signUpNewCustomer(s);
  const id = Number((await call(s, 'GET', '/portal/customers', undefined, { token: c.token })).body.id);
  return { ...c, id };
}

const download = (path: string, token: string) => s.fetch(`/api/v1${path}`, { headers: { Authorization: `Bearer ${token}` } });

test("a PDF sent as 'fatura.html' comes back to the customer and to staff as fatura.pdf, application/pdf, attachment", async () => {
  const c = await customer();
  const sent = await upload(s, '/portal/customers/bills?is_holder=true', { bytes: PDF, name: 'fatura.html', type: 'text/html' }, { token: c.token });
  expect(sent.status).toBe(201);
  const billId = String(sent.body.id);

  const own = await download(`/portal/customers/bill?client_bill_file_id=${billId}`, c.token);
  expect(own.status).toBe(200);
  expect(own.headers.get('Content-Type')).toBe('application/pdf');
  expect(own.headers.get('Content-Disposition')).toBe(`attachment; filename="fatura.pdf"; filename*=UTF-8''fatura.pdf`);
  expect(own.headers.get('X-Content-Type-Options')).toBe('nosniff');
  expect(new Uint8Array(await own.arrayBuffer())).toEqual(PDF);

  const staff = await createStaff(s.db, s.clock, 'Ana Souza', `ana.download.${Date.now()}@empresa.com.br`);
  const forStaff = await download(`/admin/bills/${billId}/file`, staff.token);
  expect(forStaff.status).toBe(200);
  expect(forStaff.headers.get('Content-Type')).toBe('application/pdf');
  expect(forStaff.headers.get('Content-Disposition')).toBe(`attachment; filename="fatura.pdf"; filename*=UTF-8''fatura.pdf`);
  expect(forStaff.headers.get('Content-Disposition')).not.toContain('html');

  // the customer's own name is still what the bill list shows them
  const bills = await call(s, 'GET', '/portal/customers/bills', undefined, { token: c.token });
  expect(bills.body.billInfo).toEqual([expect.objectContaining({ name: 'fatura.html' })]);
});

test("a PNG badge sent as 'cracha.html' comes back as cracha.png, image/png", async () => {
  const c = await customer();
  await s.db.update(customers).set({ hasPartnership: true }).where(eq(customers.id, c.id));
  const sent = await upload(s, `/portal/client-partnership/${c.id}/emproyee-card`, { bytes: PNG, name: 'cracha.html', type: 'text/html' }, { token: c.token });
  expect(sent.status).toBe(201);
  const file = await download(`/portal/client-partnership/${c.id}/emproyee-card`, c.token);
  expect(file.headers.get('Content-Type')).toBe('image/png');
  expect(file.headers.get('Content-Disposition')).toBe(`attachment; filename="cracha.png"; filename*=UTF-8''cracha.png`);
});

test('the name: the stem kept, any extension replaced by the detected type\'s; RFC 5987 filename* for non-ASCII', async () => {
  expect(downloadName('fatura.html', 'pdf')).toBe('fatura.pdf');
  expect(downloadName('cracha', 'jpeg')).toBe('cracha.jpg');
  expect(downloadName('Proposta Inicial.pdf', 'pdf')).toBe('Proposta Inicial.pdf');
  expect(downloadName('.html', 'png')).toBe('arquivo.png');
  const res = attachment(new Uint8Array([1]), 'png', "crachá (cópia)'s.svg");
  expect(res.headers.get('Content-Type')).toBe('image/png');
  expect(res.headers.get('Content-Disposition')).toBe(
    `attachment; filename="crach_ (c_pia)'s.png"; filename*=UTF-8''crach%C3%A1%20%28c%C3%B3pia%29%27s.png`,
  );
});
