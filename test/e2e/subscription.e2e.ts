/**
 * Issue 11, the subscription path in Chromium against the production build and a real server:
 * customers whose visit staff approved choose a plan ('Não apto' refused), then an individual gives
 * a card (a declined test card first, then an approved one) and a company chooses the boleto day.
 * The card goes to the card sandbox's tokenizer only: no request to the rest of the API carries
 * its number. Screenshots at phone and desktop sizes land in test-results/screens (subscription-*).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  DESKTOP, callApi, launchBrowser, newPage, openSignedIn as openSignedInAt, sendApprovableBill, shotBoth as shotBothSizes,
  signUpThroughApi, startPortal, createStaffIn, type ApiInit, type E2eCustomer, type RunningPortal,
} from './support';
import { cardFieldMessage } from '../../src/shared/checkout/rules';
import { fill, messages as m } from '../../src/shared/messages';

let portal: RunningPortal;
let browser: Browser;
let staffToken: string;

before(async () => {
  // a staff account in the portal's database before it starts (the CLI and the server share DATA_DIR)
  portal = await startPortal({ QUEUE_POLL_MS: '200' }, {
    beforeStart: async (dataDir) => { staffToken = await createStaffIn(dataDir, 'Equipe Comercial', 'comercial@empresa.com.br'); },
  });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await portal?.stop();
});

const api = (path: string, init?: ApiInit) => callApi(portal, path, init);
const shotBoth = (page: Page, name: string) => shotBothSizes(page, 'subscription', name);
let seq = 0;

/** Sign-up, an approved bill, the initial proposal approved and the visit approved by staff: at the plan choice. */
async function customerAtPlanChoice(over: Record<string, unknown> = {}): Promise<E2eCustomer> {
  const phone = `551196${String(process.pid % 100_000).padStart(5, '0')}${String(++seq).padStart(2, '0')}`;
  const customer = await signUpThroughApi(portal, phone, 'subscription-e2e', { name: 'Helena Batista', bill: 600, ...over });
  await sendApprovableBill(portal, customer.token);
  assert.equal((await api(`/admin/customers/${customer.id}/approve/proposal`, { method: 'PUT', token: customer.token })).status, 200);
  for (const type of ['visit.requested', 'visit.confirmed', 'visit.approved']) {
    const view = await api(`/admin/customers/${customer.id}/process`, { token: staffToken });
    const r = await api(`/admin/customers/${customer.id}/events`, { token: staffToken, body: { type, version: view.body.version } });
    assert.equal(r.status, 200, `${type}: ${JSON.stringify(r.body)}`);
  }
  return customer;
}

async function openSignedIn(customer: E2eCustomer, path: string): Promise<Page> {
  const { page } = await newPage(browser, DESKTOP);
  await openSignedInAt(page, portal, customer, path);
  return page;
}

/** The file input of the upload area labelled `label`. */
const fileInput = (page: Page, label: string) =>
  page.locator('section').filter({ has: page.getByRole('heading', { name: m['document.title'] }) })
    .locator('div', { has: page.getByText(label, { exact: true }) }).last().locator('input[type=file]');

async function typeCard(page: Page, number: string): Promise<void> {
  const form = page.getByRole('form', { name: m['checkout.card.title'] });
  await form.getByRole('textbox', { name: m['checkout.card.number'] }).fill('');
  await form.getByRole('textbox', { name: m['checkout.card.number'] }).pressSequentially(number);
  await form.getByRole('textbox', { name: m['checkout.card.holder'] }).fill('Helena Batista');
  await form.getByRole('button', { name: new RegExp(m['checkout.card.month']) }).click();
  await page.getByRole('option', { name: '12' }).click();
  await form.getByRole('button', { name: new RegExp(m['checkout.card.year']) }).click();
  await page.getByRole('option', { name: String(new Date().getFullYear() + 3) }).click();
  await form.getByRole('textbox', { name: m['checkout.card.cvv'] }).fill('123');
}

describe('the subscription path in the browser', () => {
  test("an individual: plans ('Não apto' refused), the 20-year plan, a declined card, then an approved one", { timeout: 240_000 }, async () => {
    const customer = await customerAtPlanChoice();
    // landing after sign-in at SIGNATURE: the plans
    const page = await openSignedIn(customer, '/pt/bill');
    const bodies: string[] = [];
    page.on('request', (r) => { if (!r.url().endsWith('/payments-sandbox/payment_token')) bodies.push(`${r.url()} ${r.postData() ?? ''}`); });
    await page.goto(portal.url + '/pt/plan-signature');
    const table = page.getByRole('table', { name: m['plan.table.caption'] });
    await table.waitFor();
    assert.equal(await table.getByRole('button', { name: `Plano 3 anos: ${m['plan.notFit']}` }).isDisabled(), true);
    await shotBoth(page, 'plans');
    // phone: the tabs, 20 years first
    await page.setViewportSize({ width: 390, height: 844 });
    assert.equal(await page.getByRole('tab', { name: 'Plano 20 anos' }).getAttribute('aria-selected'), 'true');
    await page.getByRole('tab', { name: 'Plano 3 anos' }).click();
    await page.getByRole('tabpanel').getByText(m['plan.notFit.why']).waitFor();
    await page.setViewportSize(DESKTOP);

    await table.getByRole('button', { name: `${m['plan.choose']}: Plano 20 anos` }).click();
    const dialog = page.getByRole('dialog', { name: fill('plan.modal.title', { plan: 'Plano 20 anos' }) });
    await dialog.waitFor();
    await shotBoth(page, 'plan-modal');
    await dialog.getByRole('button', { name: m['plan.modal.confirm'] }).click();
    await page.waitForURL('**/pt/booking-payment');
    await page.getByRole('heading', { level: 2, name: m['checkout.summary.title'] }).waitFor();
    await page.getByText('Plano 20 anos').first().waitFor();

    // a number that fails Luhn: the provider flags it
    await typeCard(page, '4111 1111 1111 1112');
    await page.getByRole('button', { name: m['checkout.card.submit'] }).click();
    await page.getByText(cardFieldMessage('number')).waitFor();
    // the issuer declines Iugu's test card
    await typeCard(page, '4012 8888 8888 1881');
    await page.getByRole('button', { name: m['checkout.card.submit'] }).click();
    await page.getByText(m['checkout.card.declined']).waitFor();
    await shotBoth(page, 'card-declined');
    await typeCard(page, '4111 1111 1111 1111');
    await page.getByRole('button', { name: m['checkout.card.submit'] }).click();
    await page.getByText(m['checkout.card.approved']).waitFor();
    await page.getByText(fill('checkout.card.onFile', { brand: 'Visa', last4: '1111' })).waitFor();
    await shotBoth(page, 'card-approved');

    // a reload keeps it: the step is done; the page's first reads start from its HTML and are made once
    const gets: string[] = [];
    page.on('request', (r) => { if (r.method() === 'GET') gets.push(new URL(r.url()).pathname); });
    await page.reload();
    await page.getByText(m['checkout.card.approved']).waitFor();
    for (const read of ['/api/v1/portal/customers/plans/selected-plan', '/api/v1/portal/customers/checkout']) {
      assert.equal(gets.filter((p) => p === read).length, 1, `${read}: ${gets.filter((p) => p.startsWith('/api/')).join(' ')}`);
    }

    // the ID's front and back, then 'Documento enviado com sucesso!' and 'Em análise'
    await page.getByRole('heading', { level: 2, name: m['document.title'] }).waitFor();
    await page.getByRole('button', { name: m['document.submit'] }).click();
    await page.getByText(m['document.required.one']).waitFor();
    await fileInput(page, 'Documento de identidade (frente) *').setInputFiles(join(process.cwd(), 'test', 'fixtures', 'bills', 'photo-bill.png'));
    await fileInput(page, 'Documento de identidade (verso)').setInputFiles(join(process.cwd(), 'test', 'fixtures', 'bills', 'cemig-clean-residential.pdf'));
    await shotBoth(page, 'documents-chosen');
    await page.getByRole('button', { name: m['document.submit'] }).click();
    const sent = page.getByRole('dialog', { name: m['document.sent.title'] });
    await sent.waitFor();
    await shotBoth(page, 'documents-sent');
    await sent.getByRole('button', { name: m['document.sent.confirm'] }).click();
    await page.getByText(m['document.reviewing']).waitFor();
    await shotBoth(page, 'documents-in-review');
    // the plans now send the customer on to the booking
    await page.goto(portal.url + '/pt/plan-signature');
    await page.waitForURL('**/pt/booking-payment');
    for (const number of ['4111111111111111', '4012888888881881', '4111111111111112']) {
      assert.ok(!bodies.some((b) => b.replace(/\D/g, '').includes(number)), `a request other than the tokenizer's carried ${number}`);
    }
    await page.context().close();
  });

  test('a company: the boleto day, no card', { timeout: 240_000 }, async () => {
    const company = await customerAtPlanChoice({
      name: 'Padaria Sol Nascente Ltda', unit_type: 'EMPRESA', document_type: 'CNPJ', document_value: '11.222.333/0001-81', hasPartnership: undefined,
    });
    const page = await openSignedIn(company, '/pt/plan-signature');
    const table = page.getByRole('table', { name: m['plan.table.caption'] });
    await table.getByRole('button', { name: `${m['plan.choose']}: Plano 5 anos` }).click();
    await page.getByRole('dialog').getByRole('button', { name: m['plan.modal.confirm'] }).click();
    await page.waitForURL('**/pt/booking-payment');
    const days = page.getByRole('radiogroup', { name: m['checkout.boleto.day'] });
    await days.waitFor();
    assert.equal(await page.getByRole('form', { name: m['checkout.card.title'] }).count(), 0);
    await page.getByRole('button', { name: m['checkout.boleto.submit'] }).click();
    await page.getByText(m['booking.plan.checkout.error.input'], { exact: true }).waitFor();
    await shotBoth(page, 'boleto-required');
    await days.getByText(fill('checkout.boleto.dayOption', { day: 20 })).click();
    await page.getByRole('button', { name: m['checkout.boleto.submit'] }).click();
    await page.getByText(fill('checkout.boleto.done', { day: 20 })).waitFor();
    await shotBoth(page, 'boleto-done');
    const bills = join(process.cwd(), 'test', 'fixtures', 'bills');
    await fileInput(page, 'Cartão CNPJ *').setInputFiles(join(bills, 'cemig-clean-commercial.pdf'));
    await fileInput(page, 'Representante legal *').setInputFiles(join(bills, 'cemig-clean-residential.pdf'));
    await page.getByRole('button', { name: m['document.submit'] }).click();
    await page.getByText(m['document.required.all']).waitFor();
    await fileInput(page, 'Documento legal *').setInputFiles(join(bills, 'photo-bill.png'));
    await page.getByRole('button', { name: m['document.submit'] }).click();
    await page.getByRole('dialog', { name: m['document.sent.title'] }).getByRole('button', { name: m['document.sent.confirm'] }).click();
    await page.getByText(m['document.reviewing']).waitFor();
    assert.equal(await page.getByRole('list', { name: 'Situação dos documentos' }).getByText('Em análise').count(), 3);
    await page.context().close();
  });
});
