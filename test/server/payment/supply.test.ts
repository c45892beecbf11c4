import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { applyProcessEvent } from '../../../src/server/process/host';
import { contracts, documents, financings, invoices, uploads } from '../../../src/server/platform/db/schema';
import { FINANCING_STATUSES, maySupply, supplyBlock, type SupplyFacts } from '../../../src/shared/payment/rules';
import { createTestServer, type TestServer } from '../../support/server';
import { call, customerAtPayment, staffTokenOf } from '../../support/flows';

/**
 * spec §4 "Move to SUPPLY", enforced by the server: PATCH /portal/customers/step_supply moves only
 * when the server's own records say so, for every combination of the conditions. The facts are
 * set in the database between calls (a refused call changes nothing), and the one combination that
 * allows the move comes last.
 */

let s: TestServer;
let staff: { id: number; token: string };
beforeAll(async () => {
  s = await createTestServer();
  staff = await staffTokenOf(s);
});
afterAll(async () => { await s.close(); });

type Buyer = Awaited<ReturnType<typeof customerAtPayment>>;
const DOC_TYPES = ['DOCUMENT', 'PROOF_OF_ADDRESS', 'PROOF_OF_INCOME'] as const;

async function setFacts(c: Buyer, f: { signed: boolean; paid?: boolean; docs: readonly (typeof DOC_TYPES)[number][]; financing?: (typeof FINANCING_STATUSES)[number] }) {
  const now = s.clock.now();
  if (f.signed) {
    await s.db.update(contracts).set({ signedAt: now }).where(and(eq(contracts.customerId, c.id), eq(contracts.type, 'PURCHASE_CONTRACT')));
    await applyProcessEvent(s.db, s.clock, c.id, { type: 'purchase.contractSigned' }).catch(() => undefined);
  }
  await s.db.delete(invoices).where(eq(invoices.customerId, c.id));
  if (f.paid !== undefined) {
    await s.db.insert(invoices).values({
      id: crypto.randomUUID(), customerId: c.id, provider: 'local', providerRef: `sbx_${crypto.randomUUID()}`, secureUrl: '/x', status: f.paid ? 'PAID' : 'PENDING',
      amountCents: 100, dueDate: '2026-12-01', payerName: 'x', description: 'x', createdAt: now, updatedAt: now,
    });
  }
  await s.db.delete(documents).where(eq(documents.customerId, c.id));
  for (const type of f.docs) {
    const [u] = await s.db.insert(uploads).values({
      customerId: c.id, purpose: 'document', storageKey: crypto.randomUUID(), originalName: 'd.png', kind: 'png', size: 10, createdAt: now,
    }).returning({ id: uploads.id });
    await s.db.insert(documents).values({ customerId: c.id, type, uploadId: u!.id, status: 'PENDING', createdAt: now });
  }
  await s.db.delete(financings).where(eq(financings.customerId, c.id));
  if (f.financing) await s.db.insert(financings).values({ customerId: c.id, status: f.financing, updatedAt: now });
}

const supply = (c: Buyer) => call(s, 'PATCH', '/portal/customers/step_supply', undefined, { token: c.token });
const subsets = <T,>(xs: readonly T[]): T[][] => xs.reduce<T[][]>((acc, x) => [...acc, ...acc.map((a) => [...a, x])], [[]]);

describe('the SUPPLY rule (pure)', () => {
  test('cash needs the signed contract, the paid invoice and the personal document; financing the signed contract, APPROVED and the three documents', () => {
    const base: SupplyFacts = {
      paymentType: 'CASH_PURCHASE', purchaseContractSigned: true, invoicePaid: true, documentSent: true, proofOfAddressSent: false,
      proofOfIncomeSent: false, financingStatus: null,
    };
    expect(maySupply(base)).toBe(true);
    expect(supplyBlock({ ...base, purchaseContractSigned: false })).toBe('contract');
    expect(supplyBlock({ ...base, invoicePaid: false })).toBe('invoice');
    expect(supplyBlock({ ...base, documentSent: false })).toBe('documents');
    expect(supplyBlock({ ...base, paymentType: null })).toBe('payment_type');
    const financing: SupplyFacts = { ...base, paymentType: 'FINANCING', invoicePaid: false, proofOfAddressSent: true, proofOfIncomeSent: true, financingStatus: 'APPROVED' };
    expect(maySupply(financing)).toBe(true);
    for (const status of ['NOT_REQUESTED', 'IN_EVALUATION', 'DENIED'] as const) expect(supplyBlock({ ...financing, financingStatus: status })).toBe('financing');
    expect(supplyBlock({ ...financing, proofOfIncomeSent: false })).toBe('documents');
  });
});

describe('PATCH /portal/customers/step_supply on the server', () => {
  test('cash: every combination of contract, invoice and document; only all three move to SUPPLY', async () => {
    const c = await customerAtPayment(s, 'CASH_PURCHASE', { staff, contracts: true });
    const combos: { signed: boolean; paid?: boolean; docs: (typeof DOC_TYPES)[number][] }[] = [];
    for (const signed of [false, true]) for (const paid of [undefined, false, true]) for (const doc of [false, true]) combos.push({ signed, paid, docs: doc ? ['DOCUMENT'] : [] });
    // the allowed one last: signed, paid, document sent
    combos.sort((a, b) => Number(a.signed && a.paid === true && a.docs.length > 0) - Number(b.signed && b.paid === true && b.docs.length > 0));
    for (const combo of combos) {
      await setFacts(c, combo);
      const r = await supply(c);
      const allowed = combo.signed && combo.paid === true && combo.docs.length > 0;
      expect(r.status, JSON.stringify(combo)).toBe(allowed ? 200 : 409);
      if (!allowed) expect(r.body.field, JSON.stringify(combo)).toBe(!combo.signed ? 'contract' : combo.paid !== true ? 'invoice' : 'documents');
      else expect((r.body.data as { type: string; status: string }[]).at(-1)).toMatchObject({ type: 'SUPPLY', status: 'PENDING' });
    }
    // asked again after the move: the steps, nothing else moves
    const again = await supply(c);
    expect(again.status).toBe(200);
    const notices = (await call(s, 'GET', '/portal/notifications', undefined, { token: c.token })).body.data as { message: string }[];
    expect(notices.filter((n) => n.message.startsWith('Tudo pronto!'))).toHaveLength(1);
  });

  test('financing: every financing status with every subset of the three documents, signed or not; only APPROVED with all three and signed moves', async () => {
    const c = await customerAtPayment(s, 'FINANCING', { staff, contracts: true });
    const combos: { signed: boolean; docs: (typeof DOC_TYPES)[number][]; financing: (typeof FINANCING_STATUSES)[number]; paid?: boolean }[] = [];
    for (const signed of [false, true]) for (const financing of FINANCING_STATUSES) for (const docs of subsets(DOC_TYPES)) combos.push({ signed, docs, financing });
    // a paid invoice does not stand in for the bank
    combos.push({ signed: true, docs: [...DOC_TYPES], financing: 'DENIED', paid: true });
    const ok = (x: (typeof combos)[number]) => x.signed && x.financing === 'APPROVED' && x.docs.length === 3;
    combos.sort((a, b) => Number(ok(a)) - Number(ok(b)));
    for (const combo of combos) {
      await setFacts(c, combo);
      const r = await supply(c);
      expect(r.status, JSON.stringify(combo)).toBe(ok(combo) ? 200 : 409);
      if (!ok(combo)) expect(r.body.field, JSON.stringify(combo)).toBe(!combo.signed ? 'contract' : combo.financing !== 'APPROVED' ? 'financing' : 'documents');
    }
    expect(combos.filter(ok)).toHaveLength(1);
  });

  test('a denied document does not count as sent', async () => {
    const c = await customerAtPayment(s, 'CASH_PURCHASE', { staff, contracts: true });
    await setFacts(c, { signed: true, paid: true, docs: ['DOCUMENT'] });
    await s.db.update(documents).set({ status: 'DENIED', justification: 'ilegível' }).where(eq(documents.customerId, c.id));
    const r = await supply(c);
    expect(r.status).toBe(409);
    expect(r.body.field).toBe('documents');
  });

  test('a subscription customer cannot move to SUPPLY, and a browser that asks early at the payment screen is refused', async () => {
    const early = await customerAtPayment(s, 'CASH_PURCHASE', { staff });
    const r = await supply(early);
    expect(r.status).toBe(409);
    expect(r.body.field).toBe('contract');
    const steps = (await call(s, 'GET', '/portal/customers/steps', undefined, { token: early.token })).body.data as { type: string }[];
    expect(steps.some((x) => x.type === 'SUPPLY')).toBe(false);
  });
});
