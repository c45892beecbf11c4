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
  signUpThroughApi, startPortal, createStaffIn, waitForCode, accessibilityProblems, type ApiInit, type E2eCustomer, type RunningPortal,
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

/**
 * The contracts page: the adhesion term signed in the embedded frame with an SMS code, then the
 * power of attorney, then the terms of use scrolled and accepted; 'Acompanhe sua instalação' and
 * 'Acompanhar meu projeto' to the project status. The code arrives on the signer's phone: a
 * company's representative's when given (issue 29, F13).
 */
async function signContracts(page: Page, customer: E2eCustomer, signerPhone = customer.phone): Promise<void> {
  const cards = page.getByRole('list', { name: 'Contratos' });
  await cards.waitFor();
  const sign = (name: string) => page.getByRole('button', { name: `${m['contract.sign']}: ${name}` });
  assert.equal(await sign(m['contract.procuration']).isDisabled(), true);
  assert.equal(await page.getByRole('button', { name: m['contract.follow'] }).isDisabled(), true);
  assert.deepEqual(await accessibilityProblems(page), []);
  await shotBoth(page, 'contracts');
  // the signing page on its own (outside the frame): labelled, keyboard-usable, no axe problem
  const listed = (await api('/portal/customers/contracts', { token: customer.token })).body.contracts as { key: string }[];
  const alone = await page.context().newPage();
  await alone.goto(`${portal.url}/sign/${listed[0]!.key}`);
  await alone.getByText(m['signing.consent']).waitFor();
  assert.deepEqual(await accessibilityProblems(alone), [], 'signing page');
  await alone.close();
  for (const name of [m['contract.adhesion'], m['contract.procuration']]) {
    await sign(name).click();
    const dialog = page.getByRole('dialog', { name });
    await dialog.waitFor();
    const frame = page.frameLocator(`iframe[title="${m['contract.frame.title']}: ${name === m['contract.adhesion'] ? 'Termo de Adesão' : 'Procuração Técnica'}"]`);
    await frame.getByText(m['signing.consent']).waitFor();
    // the consent is required before a code is sent
    await frame.getByRole('button', { name: m['signing.sendCode'] }).click();
    await frame.getByText(m['signing.consent.required']).waitFor();
    await frame.getByText(m['signing.consent']).click();
    const [previous] = await portal.outbox(signerPhone);
    await frame.getByRole('button', { name: m['signing.sendCode'] }).click();
    const code = await waitForCode(portal, signerPhone, previous?.code ?? undefined);
    if (name === m['contract.adhesion']) {
      // a wrong code is refused with the sign-in's message, and the code can be typed again
      await frame.getByRole('textbox', { name: m['signing.code'] }).fill(code === '000000' ? '111111' : '000000');
      await frame.getByRole('button', { name: m['signing.submit'] }).click();
      await frame.getByText(m['access.code.invalid']).waitFor();
      await shotBoth(page, 'signing-wrong-code');
    }
    await frame.getByRole('textbox', { name: m['signing.code'] }).fill(code);
    if (name === m['contract.adhesion']) await shotBoth(page, 'signing-frame');
    await frame.getByRole('button', { name: m['signing.submit'] }).click();
    // the frame's 'signed' closes it; the server is asked; the card says 'Assinado'
    await dialog.waitFor({ state: 'detached' });
    await cards.getByRole('listitem').filter({ hasText: name }).getByText(m['contract.signed']).waitFor();
  }
  await page.getByText(m['contract.allSigned']).first().waitFor();
  await page.getByRole('checkbox', { name: m['terms.accept'] }).check({ force: true });
  const terms = page.getByRole('dialog', { name: m['terms.title'] });
  await terms.waitFor();
  const accept = terms.getByRole('button', { name: m['terms.accept'] });
  assert.equal(await accept.isDisabled(), true);
  assert.deepEqual(await accessibilityProblems(page, '[role="dialog"]'), []);
  await shotBoth(page, 'terms-of-use');
  await terms.getByRole('region', { name: m['terms.title'] }).evaluate((el) => { el.scrollTop = el.scrollHeight; });
  await page.waitForFunction((label) => !Array.from(document.querySelectorAll('button')).find((b) => b.textContent === label)?.hasAttribute('disabled'), m['terms.accept']);
  await accept.click();
  await terms.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: m['contract.follow'] }).click();
  await page.getByRole('button', { name: m['contract.success.go'] }).waitFor();
  await shotBoth(page, 'installation');
  await page.getByRole('button', { name: m['contract.success.go'] }).click();
  await page.waitForURL('**/pt/project-status');
  const steps = (await api('/portal/customers', { token: customer.token })).body.steps as { type: string; status: string }[];
  assert.equal(steps.find((x) => x.status !== 'APPROVED')?.type, 'INSTALATION');
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
    // its confirm opens the holder data (spec §4); 'Agora não' closes it and the card reopens it
    const holder = page.getByRole('dialog', { name: m['consumer.title.holder'] });
    await holder.waitFor();
    await holder.getByRole('button', { name: m['consumer.cancel'] }).click();
    await page.getByText(m['document.reviewing']).waitFor();
    await shotBoth(page, 'documents-in-review');
    // the plans now send the customer on to the booking
    await page.goto(portal.url + '/pt/plan-signature');
    await page.waitForURL('**/pt/booking-payment');
    for (const number of ['4111111111111111', '4012888888881881', '4111111111111112']) {
      assert.ok(!bodies.some((b) => b.replace(/\D/g, '').includes(number)), `a request other than the tokenizer's carried ${number}`);
    }

    // the holder form: 'Continuar' waits for the terms; a date that does not exist is refused
    await page.getByRole('button', { name: m['contract.holderOpen'] }).click();
    await holder.waitFor();
    const cont = holder.getByRole('button', { name: m['consumer.submit'] });
    assert.equal(await cont.isDisabled(), true);
    await holder.getByRole('textbox', { name: m['consumer.birth'] }).pressSequentially('29021983');
    await holder.getByRole('textbox', { name: m['consumer.occupation'] }).fill('Arquiteta');
    await holder.getByRole('button', { name: new RegExp(m['consumer.marital']) }).click();
    await page.getByRole('option', { name: m['consumer.marital.casado'] }).click();
    await holder.getByText(m['consumer.terms']).click();
    await cont.click();
    await holder.getByText(m['consumer.error.birth']).waitFor();
    assert.deepEqual(await accessibilityProblems(page, '[role="dialog"]'), []);
    await shotBoth(page, 'holder-invalid');
    await holder.getByRole('textbox', { name: m['consumer.birth'] }).fill('');
    await holder.getByRole('textbox', { name: m['consumer.birth'] }).pressSequentially('29021984');
    await cont.click();
    await page.waitForURL('**/pt/customers-signature');
    await page.getByText(m['contract.generated']).waitFor();
    await signContracts(page, customer);
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
    const representative = page.getByRole('dialog', { name: m['consumer.title.company'] });
    await representative.waitFor();
    await representative.getByRole('button', { name: m['consumer.cancel'] }).click();
    await page.getByText(m['document.reviewing']).waitFor();
    assert.equal(await page.getByRole('list', { name: 'Situação dos documentos' }).getByText('Em análise').count(), 3);

    // staff deny the legal document with a reason: the customer reads it and sends it again
    const listed = await api(`/admin/customers/${company.id}/documents`, { token: staffToken });
    const legal = (listed.body.data as { id: number; type: string }[]).find((d) => d.type === 'DOCUMENT')!;
    const denied = await api(`/admin/customers/${company.id}/documents/${legal.id}`, { method: 'PUT', token: staffToken, body: { status: 'DENIED', justification: 'O documento está cortado.' } });
    assert.equal(denied.status, 200, JSON.stringify(denied.body));
    await page.reload();
    await page.getByText(fill('document.denied.reason', { reason: 'O documento está cortado.' }), { exact: false }).waitFor();
    await shotBoth(page, 'document-denied');
    const again = page.locator('section').filter({ has: page.getByRole('heading', { name: m['document.title'] }) }).locator('input[type=file]');
    await again.first().setInputFiles(join(bills, 'photo-bill.png'));
    await page.getByRole('button', { name: m['document.submit'] }).click();
    await page.getByRole('dialog', { name: m['document.sent.title'] }).getByRole('button', { name: m['document.sent.confirm'] }).click();

    // the legal representative: name, CPF, e-mail and phone besides the three questions
    await representative.waitFor();
    await representative.getByRole('textbox', { name: m['consumer.name'] }).fill('Rita de Cássia Prado');
    await representative.getByRole('textbox', { name: m['consumer.cpf'] }).pressSequentially('52998224725');
    await representative.getByRole('textbox', { name: m['consumer.email'] }).fill('rita@padaria.com.br');
    // the representative's own phone, where the signing codes go (issue 29, F13)
    const representativePhone = `1198765${company.phone.slice(-4)}`;
    await representative.getByRole('textbox', { name: m['consumer.phone'] }).pressSequentially(representativePhone);
    await representative.getByRole('textbox', { name: m['consumer.birth'] }).pressSequentially('15011980');
    await representative.getByRole('textbox', { name: m['consumer.occupation'] }).fill('Sócia-gerente');
    await representative.getByRole('button', { name: new RegExp(m['consumer.marital']) }).click();
    await page.getByRole('option', { name: m['consumer.marital.solteiro'] }).click();
    await representative.getByText(m['consumer.terms']).click();
    assert.equal(await representative.getByRole('textbox', { name: m['consumer.cpf'] }).inputValue(), '529.982.247-25');
    await shotBoth(page, 'representative');
    await representative.getByRole('button', { name: m['consumer.submit'] }).click();
    await page.waitForURL('**/pt/customers-signature');
    await signContracts(page, company, `55${representativePhone}`);
    await page.context().close();
  });
});
