import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PdfThread } from '../../../src/server/engines/pdf/pdfThread';
import { bills, contracts, uploads } from '../../../src/server/platform/db/schema';
import { createTestServer, type TestServer } from '../../support/server';
import {
  call, customerAtCheckout, customerAtContracts, lastCode, newAddress, newPhone, sendRequiredDocuments, signOnPage, TEST_CPF,
} from '../../support/flows';

/**
 * Issue 29, F13: the party who signs is the party who proves it. A company's representative, or
 * the holder of someone else's bill, gets the signing code on their own phone, never on the
 * customer's; the evidence page says who signed and in what capacity.
 */
let s: TestServer;
beforeAll(async () => { s = await createTestServer(); });
afterAll(async () => { await s.close(); });

const post = (path: string, body: unknown) => s.fetch(path, {
  method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': newAddress() },
});
const sent = async (phone: string) => (await s.readOutbox(phone)).length;

async function evidenceText(contractId: string): Promise<string> {
  const [row] = await s.db.select().from(contracts).where(eq(contracts.id, contractId));
  const outcome = await new PdfThread().run('document', await s.deps.storage.read(row!.signedFileKey!), 20_000);
  if (outcome.kind !== 'done') throw new Error(`signed PDF not read: ${outcome.kind}`);
  return (outcome.items as { text: string }[]).map((i) => i.text).join(' ');
}

describe('the signer proves it with a code on their own phone (F13)', () => {
  test("a company's contract: the code goes to the representative's phone, not the customer's, and the evidence names the capacity", async () => {
    const c = await customerAtContracts(s, { kind: 'business' });
    expect(c.signerPhone).not.toBe(c.phone);
    const adhesion = c.contracts.find((x) => x.type === 'ADHESION_TERM')!;
    const [customerBefore, repBefore] = [await sent(c.phone), await sent(c.signerPhone)];
    const secret = 'signer-secret-representative-0123456789';
    expect((await post(`/sign/${adhesion.key}/code`, { secret })).status).toBe(202);
    await s.drainQueue();
    expect(await sent(c.phone)).toBe(customerBefore);
    expect(await sent(c.signerPhone)).toBe(repBefore + 1);
    expect((await post(`/sign/${adhesion.key}`, { secret, code: await lastCode(s, c.signerPhone), consent: true })).status).toBe(201);
    const [row] = await s.db.select().from(contracts).where(eq(contracts.id, adhesion.id));
    expect(row!.signer).toMatchObject({ name: 'Maria Representante', phone: c.signerPhone, role: 'representative' });
    expect((row!.evidence as { phone: string }).phone).toBe(c.signerPhone);
    const text = await evidenceText(adhesion.id);
    expect(text).toContain('Representante legal da empresa contratante');
    expect(text).toContain(c.signerPhone.slice(-4));
  });

  test("someone else's bill: the holder's code goes to the holder's phone; the customer's own code cannot sign", async () => {
    const c = await customerAtCheckout(s, { paid: true });
    await sendRequiredDocuments(s, c);
    const now = s.clock.now();
    const [u] = await s.db.insert(uploads).values({
      customerId: c.id, purpose: 'bill', storageKey: `signer-${c.id}-${now.getTime()}`, originalName: 'fatura.pdf', kind: 'pdf', size: 10, createdAt: now,
    }).returning({ id: uploads.id });
    await s.db.insert(bills).values({ customerId: c.id, uploadId: u!.id, isHolder: false, status: 'APPROVED', createdAt: now });
    const holderPhone = newPhone();
    const owner = await call(s, 'PATCH', '/portal/customers/bills/owners', {
      name: 'João Titular', document_value: TEST_CPF, email: 'joao.titular@example.com', phone: holderPhone.slice(2),
      date_of_birth: '02-29-1984', occupation: 'Engenheiro', marital_status: 'casado',
    }, { token: c.token });
    expect(owner.status).toBe(200);
    const made = await call(s, 'POST', '/portal/customers/create_contracts', { date_of_birth: '02-29-1984', occupation: 'Engenheiro', marital_status: 'casado' }, { token: c.token });
    expect(made.status).toBe(201);
    // the adhesion term comes first; then the power of attorney, the contract the finding was about
    const made_ = made.body.contracts as { id: string; type: string; key: string }[];
    const adhesion = made_.find((x) => x.type === 'ADHESION_TERM')!;
    await signOnPage(s, { phone: c.phone, signerPhone: holderPhone }, adhesion.key);
    const procuration = made_.find((x) => x.type === 'POWER_OF_ATTORNEY')!;
    // the customer asks a code on the page: it goes to the holder; a code the customer holds is not it
    const customerBefore = await sent(c.phone);
    const secret = 'signer-secret-holder-0123456789abcdef';
    expect((await post(`/sign/${procuration.key}/code`, { secret })).status).toBe(202);
    await s.drainQueue();
    expect(await sent(c.phone)).toBe(customerBefore);
    const wrong = await post(`/sign/${procuration.key}`, { secret, code: await lastCode(s, c.phone), consent: true });
    expect(wrong.status).toBe(400);
    await signOnPage(s, { phone: c.phone, signerPhone: holderPhone }, procuration.key);
    const [row] = await s.db.select().from(contracts).where(eq(contracts.id, procuration.id));
    expect(row!.signer).toMatchObject({ name: 'João Titular', phone: holderPhone, role: 'holder' });
    expect(await evidenceText(procuration.id)).toContain('Titular da conta de energia');
  });
});
