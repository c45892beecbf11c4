import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { contracts } from '../../../src/server/platform/db/schema';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestServer, type TestServer } from '../../support/server';
import { call, customerAtPayment, lastCode, newAddress, staffTokenOf } from '../../support/flows';
import { oneSpace, pdfText } from '../../support/pdfText';

/**
 * The buyer's purchase on the server (spec §2 "Payment and contract screen", §4, §7): the purchase
 * contracts, the cash invoice (the sandbox's boleto and Pix, paid by the sandbox or by staff), the
 * financing status set only by staff, the purchase documents, and 'Voltar' before signing.
 */

let s: TestServer;
let staff: { id: number; token: string };
beforeAll(async () => {
  s = await createTestServer();
  staff = await staffTokenOf(s);
});
afterAll(async () => { await s.close(); });

type Buyer = Awaited<ReturnType<typeof customerAtPayment>>;
const CONTRACT_DATA = { date_of_birth: '02-29-1984', occupation: 'Engenheira', marital_status: 'casado' };
const PNG = new Uint8Array(readFileSync('test/fixtures/bills/photo-bill.png'));

async function sign(c: Buyer, key: string) {
  const post = (path: string, body: unknown) => s.fetch(path, {
    method: 'POST', body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': newAddress(), 'User-Agent': 'Mozilla/5.0 (test) Chromium' },
  });
  const secret = `payment-signing-secret-${Math.random().toString(36).slice(2)}-0123456789`;
  expect((await post(`/sign/${key}/code`, { secret })).status).toBe(202);
  const signed = await post(`/sign/${key}`, { secret, code: await lastCode(s, c.phone), consent: true });
  expect(signed.status).toBe(201);
}

async function upload(c: Buyer, fields: string[]) {
  const form = new FormData();
  for (const field of fields) form.append(field, new Blob([Buffer.from(PNG)]), `${field}.png`);
  const res = await s.fetch('/api/v1/portal/customers/documents/proposal', {
    method: 'POST', headers: { Authorization: `Bearer ${c.token}`, 'X-Forwarded-For': newAddress() }, body: form,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const notices = async (c: Buyer) => ((await call(s, 'GET', '/portal/notifications', undefined, { token: c.token })).body.data as { message: string }[]).map((n) => n.message);
const lending = (c: Buyer) => call(s, 'GET', '/portal/client_lending', undefined, { token: c.token });
const decide = (c: Buyer, status: string, token = staff.token) => call(s, 'PUT', `/admin/customers/${c.id}/financing`, { status }, { token });

describe('cash purchase', () => {
  test('contract data -> purchase contract and power of attorney, signed in order; then the invoice, paid; then the homologation document; then SUPPLY', async () => {
    const c = await customerAtPayment(s, 'CASH_PURCHASE', { staff });
    // the contract-data form's three fields are required
    const empty = await call(s, 'POST', '/portal/customers/create_contracts', {}, { token: c.token });
    expect(empty.status).toBe(400);
    const made = await call(s, 'POST', '/portal/customers/create_contracts', CONTRACT_DATA, { token: c.token });
    expect(made.status).toBe(201);
    const list = made.body.contracts as { id: string; type: string; name: string; key: string; is_client_signed: boolean }[];
    expect(list.map((x) => [x.type, x.name])).toEqual([['PURCHASE_CONTRACT', 'Contrato de compra'], ['POWER_OF_ATTORNEY', 'Procuração']]);

    // no invoice before both signatures
    const early = await call(s, 'PATCH', `/portal/customers/create/${c.id}/invoice`, undefined, { token: c.token });
    expect(early.status).toBe(409);
    expect(early.body.field).toBe('contract');
    // the power of attorney waits for the purchase contract
    const outOfOrder = await s.fetch(`/sign/${list[1]!.key}/code`, { method: 'POST', body: JSON.stringify({ secret: 'x'.repeat(32) }), headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': newAddress() } });
    expect(outOfOrder.status).toBe(409);
    await sign(c, list[0]!.key);
    // signed: the payment type is fixed ('Voltar' is hidden; choosing again is refused)
    const again = await call(s, 'PUT', '/portal/customers/approve/proposal_final', { payment_type: 'FINANCING' }, { token: c.token });
    expect(again.status).toBe(409);
    await sign(c, list[1]!.key);

    // someone else's profile id
    expect((await call(s, 'PATCH', `/portal/customers/create/${c.id + 1000}/invoice`, undefined, { token: c.token })).status).toBe(404);
    const invoice = await call(s, 'PATCH', `/portal/customers/create/${c.id}/invoice`, undefined, { token: c.token });
    expect(invoice.status).toBe(200);
    expect(invoice.body).toMatchObject({ invoice_status: 'PENDING' });
    expect(String(invoice.body.digitable_line)).toMatch(/^\d{47}$/);
    expect(String(invoice.body.pix_code)).toMatch(/^000201/);
    // asked again: the same invoice
    const same = await call(s, 'PATCH', `/portal/customers/create/${c.id}/invoice`, undefined, { token: c.token });
    expect(same.body.invoice_url).toBe(invoice.body.invoice_url);

    // the invoice URL opens without a session (a new tab): the boleto PDF with its digitable line
    const url = String(invoice.body.invoice_url);
    // absolute, as Iugu's secure_url is: it opens in a new tab from anywhere
    expect(url).toMatch(/^http:\/\/[^/]+\/api\/v1\/payments-sandbox\/invoices\/sbx_[A-Za-z0-9_-]{32}$/);
    const pdf = await s.fetch(url);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('Content-Type')).toBe('application/pdf');
    const text = oneSpace((await pdfText(new Uint8Array(await pdf.arrayBuffer()))).text);
    const line = String(invoice.body.digitable_line);
    expect(text.replace(/\D/g, '')).toContain(line);
    // a guessed id is nothing
    expect((await s.fetch(url.replace(/.{4}$/, 'AAAA'))).status).toBe(404);

    // the homologation document waits for the payment
    expect((await upload(c, ['document'])).body.field).toBe('invoice');
    const status = await call(s, 'GET', '/portal/customer/invoice_status', undefined, { token: c.token });
    expect(status.body.invoice_status).toBe('PENDING');

    // staff reconcile the payment (a customer token cannot)
    expect((await call(s, 'PUT', `/admin/customers/${c.id}/invoice`, { invoice_status: 'PAID' }, { token: c.token })).status).toBe(403);
    const paid = await call(s, 'PUT', `/admin/customers/${c.id}/invoice`, { invoice_status: 'PAID' }, { token: staff.token });
    expect(paid.status).toBe(200);
    expect((await call(s, 'GET', '/portal/customer/invoice_status', undefined, { token: c.token })).body.invoice_status).toBe('PAID');
    expect((await notices(c)).some((m) => m.startsWith('Pagamento confirmado!'))).toBe(true);
    // paid once: a second reconciliation is refused
    expect((await call(s, 'PUT', `/admin/customers/${c.id}/invoice`, { invoice_status: 'PAID' }, { token: staff.token })).status).toBe(409);

    // a financing buyer's files are not asked of a cash buyer
    expect((await upload(c, ['document', 'proof_of_income'])).status).toBe(400);
    const sent = await upload(c, ['document']);
    expect(sent.status).toBe(201);
    // 'Arquivo já encaminhado!'
    const twice = await upload(c, ['document']);
    expect(twice.status).toBe(409);
    expect(twice.body.field).toBe('already_sent');

    const supply = await call(s, 'PATCH', '/portal/customers/step_supply', undefined, { token: c.token });
    expect(supply.status).toBe(200);
    expect((supply.body.data as { type: string }[]).map((x) => x.type)).toContain('SUPPLY');
  });

  test('the sandbox pays its own invoice (development only), once', async () => {
    const c = await customerAtPayment(s, 'CASH_PURCHASE', { staff, contracts: true });
    for (const k of c.contracts) await sign(c, k.key);
    const invoice = await call(s, 'PATCH', `/portal/customers/create/${c.id}/invoice`, undefined, { token: c.token });
    const pay = await s.fetch(`${String(invoice.body.invoice_url)}/pay`, { method: 'POST' });
    expect(pay.status).toBe(204);
    expect((await s.fetch(`${String(invoice.body.invoice_url)}/pay`, { method: 'POST' })).status).toBe(409);
    expect((await call(s, 'GET', '/portal/customer/invoice_status', undefined, { token: c.token })).body.invoice_status).toBe('PAID');
  });

  test("'Voltar' before signing: choosing financing replaces the unsigned purchase contracts", async () => {
    const c = await customerAtPayment(s, 'CASH_PURCHASE', { staff, contracts: true });
    expect(c.contracts).toHaveLength(2);
    const files = (await s.db.select({ key: contracts.fileKey }).from(contracts).where(eq(contracts.customerId, c.id))).map((r) => join(s.uploadsDir, r.key));
    expect(files.filter((f) => existsSync(f))).toHaveLength(2);
    const back = await call(s, 'PUT', '/portal/customers/approve/proposal_final', { payment_type: 'FINANCING' }, { token: c.token });
    expect(back.status).toBe(200);
    // their files leave storage once the change has committed (by the queue)
    expect(files.filter((f) => existsSync(f))).toEqual([]);
    const me = await call(s, 'GET', '/portal/customers', undefined, { token: c.token });
    expect(me.body.payment_type).toBe('FINANCING');
    expect((await call(s, 'GET', '/portal/customers/contracts', undefined, { token: c.token })).body.contracts).toEqual([]);
    expect((await lending(c)).body.status).toBe('NOT_REQUESTED');
  });
});

describe('bank financing', () => {
  test('NOT_REQUESTED until staff move it; IN_EVALUATION, DENIED and APPROVED told to the customer; contracts only once approved; three documents after both signatures', async () => {
    const c = await customerAtPayment(s, 'FINANCING', { staff });
    expect((await lending(c)).body).toMatchObject({ status: 'NOT_REQUESTED', updated_at: null });
    // only staff set it: a customer token is refused
    expect((await decide(c, 'APPROVED', c.token)).status).toBe(403);
    expect((await call(s, 'POST', '/portal/customers/create_contracts', CONTRACT_DATA, { token: c.token })).body.field).toBe('financing');

    expect((await decide(c, 'IN_EVALUATION')).status).toBe(200);
    expect((await lending(c)).body.status).toBe('IN_EVALUATION');
    expect((await decide(c, 'DENIED')).status).toBe(200);
    expect((await lending(c)).body.status).toBe('DENIED');
    expect((await notices(c)).some((m) => m.includes('não foi aprovado'))).toBe(true);
    expect((await decide(c, 'APPROVED')).status).toBe(200);
    expect((await notices(c)).some((m) => m.startsWith('Seu financiamento foi aprovado!'))).toBe(true);
    // an unknown status is not a decision
    expect((await decide(c, 'NOT_REQUESTED')).status).toBe(400);

    const made = await call(s, 'POST', '/portal/customers/create_contracts', CONTRACT_DATA, { token: c.token });
    expect(made.status).toBe(201);
    const list = made.body.contracts as { key: string }[];
    // the upload waits for both signatures
    expect((await upload(c, ['document', 'proof_of_address', 'proof_of_income'])).body.field).toBe('contract');
    for (const k of list) await sign(c, k.key);
    // all three are required ('Insira todos os documentos necessários!')
    const two = await upload(c, ['document', 'proof_of_address']);
    expect(two.status).toBe(400);
    expect(two.body.field).toBe('proof_of_income');
    const sent = await upload(c, ['document', 'proof_of_address', 'proof_of_income']);
    expect(sent.status).toBe(201);
    const records = sent.body.data as { id: number; type: string; status: string }[];
    expect(records.map((d) => d.type).sort()).toEqual(['DOCUMENT', 'PROOF_OF_ADDRESS', 'PROOF_OF_INCOME']);
    // signed on the bank's approval: the status is fixed now
    expect((await decide(c, 'DENIED')).body.field).toBe('contract');
    // staff deny the proof of income: it alone is sent again; the others are not asked twice
    const income = records.find((d) => d.type === 'PROOF_OF_INCOME')!;
    expect((await call(s, 'PUT', `/admin/customers/${c.id}/documents/${income.id}`, { status: 'DENIED', justification: 'Comprovante ilegível' }, { token: staff.token })).status).toBe(200);
    expect((await call(s, 'PATCH', '/portal/customers/step_supply', undefined, { token: c.token })).body.field).toBe('documents');
    expect((await upload(c, ['document', 'proof_of_income'])).body.field).toBe('already_sent');
    expect((await upload(c, ['proof_of_income'])).status).toBe(201);
    expect((await upload(c, ['proof_of_income'])).body.field).toBe('already_sent');
    // no cash invoice for a financing buyer
    expect((await call(s, 'PATCH', `/portal/customers/create/${c.id}/invoice`, undefined, { token: c.token })).body.field).toBe('payment_type');
    expect((await call(s, 'PATCH', '/portal/customers/step_supply', undefined, { token: c.token })).status).toBe(200);
    // in SUPPLY the bank's decision is final
    expect((await decide(c, 'DENIED')).status).toBe(409);
  });

  test('a cash buyer has no financing status', async () => {
    const c = await customerAtPayment(s, 'CASH_PURCHASE', { staff });
    expect((await lending(c)).status).toBe(409);
  });
});
