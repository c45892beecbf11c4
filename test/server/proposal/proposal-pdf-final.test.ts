import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as v from 'valibot';
import { createStaff } from '../../../src/server/staff/service';
import { messages } from '#shared/messages';
import {
  Proposal, billAfterSolarFigures, proposalCards, proposalDetailRows, proposalFigures,
} from '#shared/proposal/rules';
import { createTestServer, type TestServer } from '../../support/server';
import { call, signUpNewCustomer } from '../../support/flows';
import { fixture, upload } from '../../support/uploads';
import { oneSpace, pdfText } from '../../support/pdfText';
import { processDriver, toOffer, toTechnicalVisit } from '../../paths/serverProcess';

let s: TestServer;
let staffToken: string;
let driver: ReturnType<typeof processDriver>;
beforeAll(async () => {
  s = await createTestServer();
  staffToken = (await createStaff(s.db, s.clock, 'Rita', `rita.${process.pid}@empresa.com.br`)).token;
  driver = processDriver(s, staffToken);
});
afterAll(async () => { await s.close(); });

async function customer() {
  const c = await signUpNewCustomer(s);
  const me = await call(s, 'GET', '/portal/customers', undefined, { token: c.token });
  return { ...c, id: Number(me.body.id) };
}
const proposals = async (c: { id: number; token: string }) =>
  v.parse(v.array(Proposal), (await call(s, 'GET', `/portal/customers/${c.id}/proposal`, undefined, { token: c.token })).body.data);
const steps = async (token: string) =>
  ((await call(s, 'GET', '/portal/customers/steps', undefined, { token })).body.data as { type: string; status: string }[]).map((x) => `${x.type}:${x.status}`);
const download = (link: string, token?: string) =>
  s.fetch(link, { headers: token ? { Authorization: `Bearer ${token}` } : {} });

describe('the proposal PDF', () => {
  test('the owner downloads a real PDF holding the figures the screen shows; nobody else can', async () => {
    const c = await customer();
    await upload(s, '/portal/customers/bills?is_holder=true', { bytes: fixture('cemig-clean-residential.pdf'), name: 'conta.pdf' }, { token: c.token });
    const [p] = await proposals(c);
    expect(p?.pdf_link).toBe(`/api/v1/portal/customers/${c.id}/proposal/${p?.id}/pdf`);
    const res = await download(p!.pdf_link!, c.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/pdf');
    expect(res.headers.get('Content-Disposition')).toContain('filename="Proposta Inicial.pdf"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    // dated by the proposal, not by the download: the same file a second later
    await new Promise((r) => setTimeout(r, 1100));
    const again = new Uint8Array(await (await download(p!.pdf_link!, c.token)).arrayBuffer());
    expect(Buffer.from(again).equals(Buffer.from(bytes))).toBe(true);
    const pdf = await pdfText(bytes);
    expect(pdf.pages).toBe(1);
    expect(pdf.title).toContain('Proposta Inicial');
    const figures = proposalFigures(p!);
    const expected = [
      'Proposta inicial', messages['proposal.initial.note'], figures.total, figures.validity,
      ...proposalCards(p!).flatMap((card) => [card.label, card.value]),
      ...proposalDetailRows(p!).flatMap((row) => [row.label, row.value]),
      ...billAfterSolarFigures(p!)!.lines.flatMap((line) => [line.label, line.value]),
      billAfterSolarFigures(p!)!.newBill, 'Sem marca', 'Sem garantia',
    ];
    for (const text of expected) expect(pdf.text).toContain(oneSpace(text));
    // what stays on the bill: never a zero bill
    expect(billAfterSolarFigures(p!)!.newBill).not.toBe('R$ 0,00');

    const other = await customer();
    expect((await download(p!.pdf_link!, other.token)).status).toBe(404);
    expect((await download(p!.pdf_link!)).status).toBe(401);
    expect((await download(`/api/v1/portal/customers/${c.id}/proposal/999999/pdf`, c.token)).status).toBe(404);
  });
});

describe('the final proposal', () => {
  test('staff cannot publish it before the visit is accomplished and approved; nothing changes', async () => {
    const c = await customer();
    await driver.move(c, toTechnicalVisit);
    const before = await driver.processOf(c);
    const r = await call(s, 'POST', `/admin/customers/${c.id}/proposal/final`, {}, { token: staffToken });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(messages['proposal.final.publish.refused']);
    expect((await driver.processOf(c)).version).toBe(before.version);
    expect((await proposals(c)).some((p) => p.type === 'FINAL')).toBe(false);
    // customers cannot publish
    expect((await call(s, 'POST', `/admin/customers/${c.id}/proposal/final`, {}, { token: c.token })).status).toBe(403);
  });

  test('published after the visit with staff figures, notified and audited; the customer pays cash or finances and becomes LENDING', async () => {
    const c = await customer();
    await driver.move(c, toOffer);
    // not before it is published
    const early = await call(s, 'PUT', '/portal/customers/approve/proposal_final', { payment_type: 'FINANCING' }, { token: c.token });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(messages['proposal.final.missing']);

    const bad = await call(s, 'POST', `/admin/customers/${c.id}/proposal/final`, { power_kwp: -2 }, { token: staffToken });
    expect(bad.status).toBe(400);
    const published = await call(s, 'POST', `/admin/customers/${c.id}/proposal/final`, {
      power_kwp: 5.5, price: 15990, module_brand: 'Canadian Solar', module_warranty: 12, inverter_brand: 'Growatt', inverter_warranty: 10,
      structure_type: 'Telhado cerâmico', structure_warranty: 1,
    }, { token: staffToken });
    expect(published.status).toBe(201);
    const final = (await proposals(c)).filter((p) => p.type === 'FINAL').at(-1)!;
    expect(final).toMatchObject({ power_of_the_project: 5.5, final_value: 15990, module_quantity: 10, module_brand: 'Canadian Solar', structure_type: 'Telhado cerâmico' });
    expect(proposalFigures(final).pricePerWp).toMatch(/^R\$\s2,91$/);
    const notes = (await call(s, 'GET', '/portal/notifications', undefined, { token: c.token })).body.data as { message: string }[];
    expect(notes[0]?.message).toBe(messages['notification.proposal.final']);
    const trail = (await call(s, 'GET', `/admin/audit?customer_id=${c.id}`, undefined, { token: staffToken })).body.data as { action: string }[];
    expect(trail[0]?.action).toBe('proposal:finalPublished');

    const pdf = await download(final.pdf_link!, c.token);
    expect(pdf.headers.get('Content-Disposition')).toContain('filename="Proposta Final.pdf"');
    const text = (await pdfText(new Uint8Array(await pdf.arrayBuffer()))).text;
    expect(text).toContain('Proposta final');
    expect(text).toContain('Canadian Solar - 12 anos');
    expect(text).not.toContain(messages['proposal.initial.note']);

    expect((await call(s, 'PUT', '/portal/customers/approve/proposal_final', { payment_type: 'CHEQUE' }, { token: c.token })).status).toBe(400);
    const ok = await call(s, 'PUT', '/portal/customers/approve/proposal_final', { payment_type: 'FINANCING' }, { token: c.token });
    expect(ok.status).toBe(200);
    expect(await steps(c.token)).toEqual([
      'SIMULATION:APPROVED', 'BILL:APPROVED', 'PROPOSAL_INITIAL:APPROVED', 'TECHNICAL_VISIT:APPROVED', 'PROPOSAL_FINAL:APPROVED', 'CONTRACT:NOT_DONE',
    ]);
    const me = await call(s, 'GET', '/portal/customers', undefined, { token: c.token });
    expect(me.body).toMatchObject({ subscription_lending: 'LENDING', payment_type: 'FINANCING' });
    expect((await driver.processOf(c)).state).toEqual({ lending: { contract: 'signing' } });
    // back from the payment screen before signing ('Voltar'), the customer may choose again: here the default, cash
    const twice = await call(s, 'PUT', '/portal/customers/approve/proposal_final', undefined, { token: c.token });
    expect(twice.status).toBe(200);
    expect((await call(s, 'GET', '/portal/customers', undefined, { token: c.token })).body).toMatchObject({ subscription_lending: 'LENDING', payment_type: 'CASH_PURCHASE' });
    expect((await driver.processOf(c)).state).toEqual({ lending: { contract: 'signing' } });
  });

  test('without a payload (as the spec calls it) the payment type is the stored default, cash', async () => {
    const c = await customer();
    await driver.move(c, toOffer);
    expect((await call(s, 'POST', `/admin/customers/${c.id}/proposal/final`, {}, { token: staffToken })).status).toBe(201);
    const ok = await call(s, 'PUT', '/portal/customers/approve/proposal_final', undefined, { token: c.token });
    expect(ok.status).toBe(200);
    const me = await call(s, 'GET', '/portal/customers', undefined, { token: c.token });
    expect(me.body).toMatchObject({ subscription_lending: 'LENDING', payment_type: 'CASH_PURCHASE' });
  });
});
