/**
 * Issue 5, the proposal screen in Chromium against the production build and a real server whose
 * queue worker runs the virtual assistant: a customer whose readable PDF bill the analysis approves
 * sees the initial proposal (the figures the shared rules give), downloads its PDF (a valid PDF,
 * saved as 'Proposta Inicial.pdf', whose text holds the figures on the screen), reads the detailed
 * dialog, approves it ('Avançar' -> 'Entendi') and the technical-visit item opens. Then, after the
 * visit is approved, the final proposal is not there until staff publish it (a staff account made
 * with the CLI before the server starts); the customer chooses financing and lands on payment.
 * Screenshots at phone and desktop sizes land in test-results/screens (proposal-*).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import type { Browser, Page } from 'playwright-core';
import {
  DESKTOP, callApi, launchBrowser, newPage, openSignedIn as openSignedInAt, sendApprovableBill,
  shotBoth as shotBothSizes, signUpThroughApi, startPortal, createStaffIn, type ApiInit, type E2eCustomer, type RunningPortal,
} from './support';
import { messages as m } from '../../src/shared/messages';
import { Proposal, billAfterSolarFigures, proposalCards, proposalFigures } from '#shared/proposal/rules';
import { oneSpace, pdfText } from '../support/pdfText';

let portal: RunningPortal;
let browser: Browser;
let staffToken: string;

before(async () => {
  // a staff account in the portal's database before it starts (the CLI and the server share DATA_DIR)
  portal = await startPortal({ QUEUE_POLL_MS: '200' }, {
    beforeStart: async (dataDir) => { staffToken = await createStaffIn(dataDir, 'Equipe Técnica', 'tecnica@empresa.com.br'); },
  });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await portal?.stop();
});

const api = (path: string, init?: ApiInit) => callApi(portal, path, init);

type Customer = E2eCustomer;
let customerSeq = 0;

/** Sign-up as the screens do it, the bill page's one-time simulation, and a readable PDF bill the assistant approves. */
async function customerWithApprovedBill(): Promise<Customer> {
  const phone = `551197${String(process.pid % 100_000).padStart(5, '0')}${String(++customerSeq).padStart(2, '0')}`;
  const customer = await signUpThroughApi(portal, phone, 'proposal-e2e', { name: 'Marta Conceição' });
  // the analysis job approves the bill; the initial proposal is generated and sent
  await sendApprovableBill(portal, customer.token);
  return customer;
}

async function openSignedIn(customer: Customer, path: string, viewport = DESKTOP): Promise<Page> {
  const { page } = await newPage(browser, viewport);
  await openSignedInAt(page, portal, customer, path);
  return page;
}

const shotBoth = (page: Page, name: string) => shotBothSizes(page, 'proposal', name);

const squash = (s: string) => oneSpace(s);

describe('initial proposal in the browser', () => {
  test('the figures, the PDF with the same figures, the detailed dialog, approval, and the visit item opens', { timeout: 120_000 }, async () => {
    const customer = await customerWithApprovedBill();
    const list = v.parse(v.array(Proposal), (await api(`/portal/customers/${customer.id}/proposal`, { token: customer.token })).body.data);
    const proposal = list.find((p) => p.type === 'INITIAL')!;

    const page = await openSignedIn(customer, '/pt/proposal-initial');
    await page.getByRole('heading', { level: 1, name: 'Proposta inicial' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/pt/proposal-initial');
    await page.getByText(m['proposal.initial.note']).waitFor();

    // the five cards show what the shared rules give for the stored proposal
    const cards = await page.getByRole('list', { name: 'Resumo da proposta' }).getByRole('listitem').allInnerTexts();
    assert.deepEqual(cards.map(squash), proposalCards(proposal).map((c) => squash(`${c.label} ${c.value}`)));
    const figures = proposalFigures(proposal);
    const totalText = squash(await page.getByRole('region', { name: m['proposal.total'] }).innerText());
    assert.ok(totalText.includes(squash(figures.total)), totalText);
    assert.ok(totalText.includes(figures.validity), totalText);
    const billAfter = squash(await page.getByRole('region', { name: m['proposal.billAfter.title'] }).innerText());
    assert.ok(billAfter.includes(squash(billAfterSolarFigures(proposal)!.newBill)), billAfter);
    await shotBoth(page, 'initial');

    // 'Baixar PDF': a real PDF under the spec's name, holding the figures on the screen
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: m['proposal.download'] }).click();
    const download = await downloading;
    assert.equal(download.suggestedFilename(), 'Proposta Inicial.pdf');
    const bytes = readFileSync((await download.path())!);
    assert.equal(bytes.subarray(0, 5).toString('latin1'), '%PDF-');
    const pdf = await pdfText(new Uint8Array(bytes));
    for (const card of proposalCards(proposal)) {
      const shown = cards.find((c) => squash(c).startsWith(card.label))!;
      assert.ok(pdf.text.includes(squash(shown.replace(card.label, ''))), `${shown} not in the PDF: ${pdf.text}`);
    }
    assert.ok(pdf.text.includes(squash(figures.total)));
    assert.ok(pdf.text.includes(squash(figures.validity)));

    // the detailed dialog, keyboard: opens with Enter, closes with Esc, focus returns
    await page.getByRole('button', { name: m['proposal.details.open'] }).focus();
    await page.keyboard.press('Enter');
    const details = page.getByRole('dialog', { name: m['proposal.details.title'] });
    await details.waitFor();
    await details.getByRole('listitem', { name: m['proposal.equipment.modules'] }).getByText('Sem marca').waitFor();
    await shotBoth(page, 'details');
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });
    assert.equal(await page.getByRole('button', { name: m['proposal.details.open'] }).evaluate((el) => el === document.activeElement), true);

    // the visit item is closed until the proposal is approved
    const visitItem = page.getByRole('navigation').getByRole('link', { name: /Visita técnica/ }).first();
    assert.equal(await visitItem.getAttribute('aria-disabled'), 'true');

    // approval by keyboard: Enter on 'Avançar', Tab to 'Entendi', Enter; the confirmation then has the focus
    await page.getByRole('button', { name: m['proposal.advance'] }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: m['proposal.initialDialog.title'] });
    await dialog.getByText(m['proposal.initialDialog.body']).waitFor();
    await shotBoth(page, 'approve-dialog');
    const confirm = dialog.getByRole('button', { name: m['proposal.initialDialog.confirm'] });
    for (let i = 0; i < 4 && !(await confirm.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByText(m['proposal.initial.approved']).waitFor();
    await page.waitForFunction((text) => document.activeElement?.textContent === text, m['proposal.initial.approved']);
    assert.equal(await page.getByRole('button', { name: m['proposal.advance'] }).isDisabled(), true);
    await page.waitForFunction(() => {
      const nav = document.querySelector('nav');
      const item = [...(nav?.querySelectorAll('[role="link"], a') ?? [])].find((el) => el.textContent?.includes('Visita técnica'));
      return item && item.getAttribute('aria-disabled') !== 'true';
    });
    await shotBoth(page, 'approved');
    const steps = (await api('/portal/customers/steps', { token: customer.token })).body.data as { type: string; status: string }[];
    assert.deepEqual(steps.slice(-2).map((st) => `${st.type}:${st.status}`), ['PROPOSAL_INITIAL:APPROVED', 'TECHNICAL_VISIT:NOT_DONE']);

    await page.getByRole('navigation').getByRole('link', { name: /Visita técnica/ }).first().click();
    await page.waitForURL('**/pt/technical-visit');
    await page.close();
  });
});

/** A staff event on the customer's process, with the version staff see. */
async function staffEvent(customer: Customer, type: string): Promise<void> {
  const view = await api(`/admin/customers/${customer.id}/process`, { token: staffToken });
  const r = await api(`/admin/customers/${customer.id}/events`, { token: staffToken, body: { type, version: view.body.version } });
  assert.equal(r.status, 200, JSON.stringify(r.body));
}

describe('final proposal in the browser', () => {
  test('not there until staff publish it after the visit; financing stores the payment type and goes to payment', { timeout: 120_000 }, async () => {
    const customer = await customerWithApprovedBill();
    assert.equal((await api(`/admin/customers/${customer.id}/approve/proposal`, { method: 'PUT', token: customer.token })).status, 200);
    for (const type of ['visit.requested', 'visit.confirmed', 'visit.approved']) await staffEvent(customer, type);

    const page = await openSignedIn(customer, '/pt/proposal-final');
    await page.getByText(m['proposal.final.preparing']).waitFor();
    assert.equal(new URL(page.url()).pathname, '/pt/proposal-final');

    const published = await api(`/admin/customers/${customer.id}/proposal/final`, {
      token: staffToken, body: { power_kwp: 4.4, price: 12_490, module_brand: 'Jinko Solar', module_warranty: 12, inverter_brand: 'Growatt', inverter_warranty: 10, structure_type: 'Telhado cerâmico', structure_warranty: 1 },
    });
    assert.equal(published.status, 201, JSON.stringify(published.body));
    const list = v.parse(v.array(Proposal), (await api(`/portal/customers/${customer.id}/proposal`, { token: customer.token })).body.data);
    const final = list.filter((p) => p.type === 'FINAL').at(-1)!;

    await page.getByRole('button', { name: m['proposal.retry'] }).click();
    await page.getByRole('heading', { level: 1, name: 'Proposta final' }).waitFor();
    assert.equal(await page.getByText(m['proposal.initial.note']).count(), 0);
    const cards = await page.getByRole('list', { name: 'Resumo da proposta' }).getByRole('listitem').allInnerTexts();
    assert.deepEqual(cards.map(squash), proposalCards(final).map((c) => squash(`${c.label} ${c.value}`)));
    await shotBoth(page, 'final');

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: m['proposal.download'] }).click();
    assert.equal((await downloading).suggestedFilename(), 'Proposta Final.pdf');

    await page.getByRole('button', { name: m['proposal.final.financing'] }).click();
    // a purchase is confirmed first: the dialog says what follows, nothing stored before 'Confirmar'
    await page.getByText(m['proposal.finalDialog.financing.title']).waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('paymentType')), null);
    await page.getByRole('button', { name: m['proposal.finalDialog.confirm'], exact: true }).click();
    await page.waitForURL('**/pt/payment');
    assert.equal(await page.evaluate(() => localStorage.getItem('paymentType')), 'FINANCING');
    const me = await api('/portal/customers', { token: customer.token });
    assert.equal(me.body.subscription_lending, 'LENDING');
    assert.equal(me.body.payment_type, 'FINANCING');
    await shotBoth(page, 'final-to-payment');
    await page.close();
  });
});
