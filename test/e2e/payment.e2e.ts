/**
 * Issue 12, the payment and contract screen in Chromium against the production build and a real
 * server: a cash purchase from the final proposal to 'Tudo pronto!' (contract data, the purchase
 * contract and the power of attorney signed in the frame with SMS codes, the boleto opened in a
 * new tab and read as a PDF, paid by staff, the homologation photo, SUPPLY); a financing through
 * NOT_REQUESTED, IN_EVALUATION, DENIED and APPROVED set by staff, with the three documents;
 * 'Voltar' before signing (back on the final proposal, choosing again) and gone after; a browser
 * that asks for SUPPLY early is refused. Screenshots at phone and desktop sizes land in
 * test-results/screens (payment-*), each checked by axe-core.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  DESKTOP, callApi, launchBrowser, newPage, openSignedIn as openSignedInAt, sendApprovableBill, shotBoth as shotBothSizes,
  signUpThroughApi, startPortal, createStaffIn, waitForCode, type ApiInit, type E2eCustomer, type RunningPortal,
} from './support';
import { messages as m } from '../../src/shared/messages';
import { formatDigitableLine } from '../../src/shared/payment/invoice';
import { PARTNER_BANKS } from '../../src/shared/payment/rules';
import { pdfText } from '../support/pdfText';

let portal: RunningPortal;
let browser: Browser;
let staffToken: string;

before(async () => {
  portal = await startPortal({ QUEUE_POLL_MS: '200' }, {
    beforeStart: async (dataDir) => { staffToken = await createStaffIn(dataDir, 'Equipe Financeira', 'financeiro@empresa.com.br'); },
  });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await portal?.stop();
});

const api = (path: string, init?: ApiInit) => callApi(portal, path, init);
const shotBoth = (page: Page, name: string) => shotBothSizes(page, 'payment', name);
const photo = join(process.cwd(), 'test', 'fixtures', 'bills', 'photo-bill.png');
const pdf = join(process.cwd(), 'test', 'fixtures', 'bills', 'cemig-clean-residential.pdf');
let seq = 0;

/** Sign-up, an approved bill, the initial proposal approved, the visit approved and the final proposal published by staff. */
async function customerAtFinalProposal(name: string): Promise<E2eCustomer> {
  const phone = `551195${String(process.pid % 100_000).padStart(5, '0')}${String(++seq).padStart(2, '0')}`;
  const customer = await signUpThroughApi(portal, phone, 'payment-e2e', { name, bill: 600 });
  await sendApprovableBill(portal, customer.token);
  assert.equal((await api(`/admin/customers/${customer.id}/approve/proposal`, { method: 'PUT', token: customer.token })).status, 200);
  for (const type of ['visit.requested', 'visit.confirmed', 'visit.approved']) {
    const view = await api(`/admin/customers/${customer.id}/process`, { token: staffToken });
    const r = await api(`/admin/customers/${customer.id}/events`, { token: staffToken, body: { type, version: view.body.version } });
    assert.equal(r.status, 200, `${type}: ${JSON.stringify(r.body)}`);
  }
  const published = await api(`/admin/customers/${customer.id}/proposal/final`, {
    token: staffToken, body: { power_kwp: 4.4, price: 21_384, module_brand: 'Jinko Solar', module_warranty: 12, inverter_brand: 'Growatt', inverter_warranty: 10, structure_type: 'Telhado cerâmico', structure_warranty: 5 },
  });
  assert.equal(published.status, 201, JSON.stringify(published.body));
  return customer;
}

async function openSignedIn(customer: E2eCustomer, path: string): Promise<Page> {
  const { page } = await newPage(browser, DESKTOP);
  await openSignedInAt(page, portal, customer, path);
  return page;
}

/** On the final proposal: 'Compra à vista' or 'Financiamento', confirmed, then the payment screen. */
async function choose(page: Page, type: 'cash' | 'financing'): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Proposta final' }).waitFor();
  await page.getByRole('button', { name: type === 'cash' ? m['proposal.final.cash'] : m['proposal.final.financing'] }).click();
  await page.getByRole('button', { name: m['proposal.finalDialog.confirm'], exact: true }).click();
  await page.waitForURL('**/pt/payment');
  await page.getByRole('heading', { level: 1, name: type === 'cash' ? m['payment.title.cash'] : m['payment.title.financing'] }).waitFor();
}

const staff = async (path: string, body: unknown) => {
  const r = await api(path, { method: 'PUT', token: staffToken, body });
  assert.equal(r.status, 200, `${path}: ${JSON.stringify(r.body)}`);
};

/** The contract-data modal: 'Required' under each empty field on submit, then the data and 'Contratos gerados!'. */
async function giveContractData(page: Page, shotName?: string): Promise<void> {
  await page.getByRole('button', { name: m['payment.contractData.open'] }).click();
  const dialog = page.getByRole('dialog', { name: m['payment.contractData.title'] });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: m['payment.contractData.submit'] }).click();
  assert.equal(await dialog.getByText(m['payment.contractData.required'], { exact: true }).count(), 3);
  if (shotName) await shotBoth(page, shotName);
  await dialog.getByRole('textbox', { name: m['consumer.occupation'] }).fill('Engenheira civil');
  await dialog.getByRole('button', { name: new RegExp(m['consumer.marital']) }).click();
  await page.getByRole('option', { name: m['consumer.marital.casado'] }).click();
  await dialog.getByRole('textbox', { name: m['consumer.birth'] }).pressSequentially('29021984');
  assert.equal(await dialog.getByRole('textbox', { name: m['consumer.birth'] }).inputValue(), '29/02/1984');
  await dialog.getByRole('button', { name: m['payment.contractData.submit'] }).click();
  await page.getByText(m['contract.generated']).waitFor();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('list', { name: m['payment.contracts.title'] }).waitFor();
}

/** One contract signed in the embedded frame with the SMS code from the outbox; its card then says 'Assinado'. */
async function signInFrame(page: Page, customer: E2eCustomer, name: string, shotName?: string): Promise<void> {
  await page.getByRole('button', { name: `${m['payment.contract.sign']}: ${name}` }).click();
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor();
  const frame = page.frameLocator(`iframe[title="${m['contract.frame.title']}: ${name}"]`);
  await frame.getByText(m['signing.consent']).waitFor();
  await frame.getByText(m['signing.consent']).click();
  const [previous] = await portal.outbox(customer.phone);
  await frame.getByRole('button', { name: m['signing.sendCode'] }).click();
  const code = await waitForCode(portal, customer.phone, previous?.code ?? undefined);
  await frame.getByRole('textbox', { name: m['signing.code'] }).fill(code);
  if (shotName) await shotBoth(page, shotName);
  await frame.getByRole('button', { name: m['signing.submit'] }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('list', { name: m['payment.contracts.title'] }).getByRole('listitem').filter({ hasText: name }).getByText(m['payment.contract.signed']).waitFor();
}

/** The upload area labelled `label`: its file input. */
const fileInput = (page: Page, label: string) => page.getByRole('group', { name: label }).locator('input[type=file]');

/** The browser asks for SUPPLY itself, with the customer's session: the server decides from its records. */
const stepSupplyFromBrowser = (page: Page, token: string) => page.evaluate(async (t) => {
  const r = await fetch('/api/v1/portal/customers/step_supply', { method: 'PATCH', headers: { Authorization: `Bearer ${t}` } });
  return { status: r.status, body: await r.json() as { field?: string } };
}, token);

const stepsOf = async (customer: E2eCustomer) => (await api('/portal/customers/steps', { token: customer.token })).body.data as { type: string; status: string }[];

describe('the payment screen in the browser', () => {
  test('a cash purchase: contract data, two signatures, the boleto in a new tab, paid by staff, the homologation photo, SUPPLY', { timeout: 300_000 }, async () => {
    const customer = await customerAtFinalProposal('Helena Batista');
    const page = await openSignedIn(customer, '/pt/proposal-final');
    await choose(page, 'cash');
    assert.equal(await page.evaluate(() => localStorage.getItem('paymentType')), 'CASH_PURCHASE');
    // the header cards and the equipment of the final proposal; 'Voltar' before signing
    await page.getByRole('list', { name: 'Resumo da proposta' }).waitFor();
    assert.equal(await page.getByRole('list', { name: 'Resumo da proposta' }).getByRole('listitem').count(), 5);
    await page.getByRole('heading', { name: m['proposal.details.equipment'] }).waitFor();
    await page.getByRole('button', { name: m['payment.back'] }).waitFor();
    await shotBoth(page, 'cash-start');
    await page.getByRole('button', { name: m['payment.details'] }).click();
    await page.getByRole('dialog', { name: m['proposal.details.title'] }).waitFor();
    await shotBoth(page, 'details');
    await page.getByRole('button', { name: m['proposal.details.close'] }).click();

    // a browser that asks for SUPPLY now is refused, and says why
    const early = await stepSupplyFromBrowser(page, customer.token);
    assert.equal(early.status, 409);
    assert.equal(early.body.field, 'contract');

    await giveContractData(page, 'contract-data-required');
    await shotBoth(page, 'contracts');
    assert.equal(await page.getByRole('button', { name: `${m['payment.contract.sign']}: ${m['payment.contract.procuration']}` }).isDisabled(), true);
    await signInFrame(page, customer, m['payment.contract.purchase'], 'signing-frame');
    // the purchase contract fixes the payment type: no way back
    await page.getByRole('button', { name: `${m['payment.contract.sign']}: ${m['payment.contract.procuration']}` }).waitFor();
    assert.equal(await page.getByRole('button', { name: m['payment.back'] }).count(), 0);
    await signInFrame(page, customer, m['payment.contract.procuration']);
    await page.getByText(m['payment.contracts.done']).first().waitFor();
    await shotBoth(page, 'invoice-to-create');

    // 'Gerar fatura' opens a tab in the click; it goes to the boleto once the invoice exists
    const opened = page.context().waitForEvent('page');
    await page.getByRole('button', { name: m['payment.invoice.create'] }).click();
    const tab = await opened;
    const link = page.getByRole('link', { name: m['payment.invoice.open'] });
    await link.waitFor();
    const href = (await link.getAttribute('href'))!;
    const url = new URL(href, portal.url).toString();
    assert.match(url, /\/payments-sandbox\/invoices\//);
    await tab.waitForURL(url, { timeout: 15_000 }).catch(async () => {
      // headless Chromium may hand a PDF to its downloads instead of showing it: the tab was still sent there
      assert.equal(tab.url() === url || tab.url() === 'about:blank', true, tab.url());
    });
    await tab.close();
    const status = await api('/portal/customer/invoice_status', { token: customer.token });
    const invoice = status.body.invoice as { digitable_line: string; pix_code: string; invoice_url: string };
    assert.equal(invoice.invoice_url, href);
    const boleto = await fetch(url);
    assert.equal(boleto.headers.get('content-type'), 'application/pdf');
    const text = (await pdfText(new Uint8Array(await boleto.arrayBuffer()))).text;
    assert.ok(text.replace(/\D/g, '').includes(invoice.digitable_line.replace(/\D/g, '')), `the boleto's text has no digitable line ${invoice.digitable_line}`);
    await page.getByText(formatDigitableLine(invoice.digitable_line)).waitFor();
    await page.getByText(invoice.pix_code).waitFor();
    await shotBoth(page, 'invoice');

    // not paid yet: 'Já paguei' says so; staff see the payment at the bank
    await page.getByRole('button', { name: m['payment.invoice.refresh'] }).click();
    await page.getByText(m['payment.invoice.notPaidYet']).waitFor();
    assert.equal((await stepSupplyFromBrowser(page, customer.token)).body.field, 'invoice');
    await staff(`/admin/customers/${customer.id}/invoice`, { invoice_status: 'PAID' });
    await page.getByRole('button', { name: m['payment.invoice.refresh'] }).click();
    await page.getByRole('heading', { name: m['payment.homologation.title'] }).waitFor();
    assert.equal((await stepSupplyFromBrowser(page, customer.token)).body.field, 'documents');
    await page.getByRole('button', { name: m['payment.homologation.submit'] }).click();
    await page.getByText(m['payment.homologation.required']).waitFor();
    await shotBoth(page, 'homologation');
    await fileInput(page, `${m['payment.homologation.document']} *`).setInputFiles(photo);
    await page.getByRole('button', { name: m['payment.homologation.submit'] }).click();
    await page.getByText(m['financing.upload.success']).waitFor();
    await page.getByRole('heading', { level: 1, name: m['payment.supply.title'] }).waitFor();
    await page.getByText(m['payment.supply.congrats']).waitFor();
    await page.getByText(m['payment.supply.wait']).waitFor();
    await shotBoth(page, 'cash-supply');
    assert.ok((await stepsOf(customer)).some((s) => s.type === 'SUPPLY'));
    // a reload lands on the same view
    await page.reload();
    await page.getByRole('heading', { level: 1, name: m['payment.supply.title'] }).waitFor();
    await page.context().close();
  });

  test('a financing: NOT_REQUESTED, IN_EVALUATION, DENIED and APPROVED set by staff, the contracts and the three documents, SUPPLY', { timeout: 300_000 }, async () => {
    const customer = await customerAtFinalProposal('Rafael Moreira');
    const page = await openSignedIn(customer, '/pt/proposal-final');
    await choose(page, 'financing');
    const status = (key: 'NOT_REQUESTED' | 'IN_EVALUATION' | 'APPROVED' | 'DENIED') => page.getByRole('heading', { name: m[`financing.${key}.title`] });
    await status('NOT_REQUESTED').waitFor();
    for (const bank of PARTNER_BANKS) await page.getByRole('img', { name: bank.name }).waitFor();
    // the three logos load (served from public/banks)
    await page.waitForFunction(() => {
      const logos = Array.from(document.images).filter((i) => i.src.includes('/banks/'));
      return logos.length === 3 && logos.every((i) => i.complete && i.naturalWidth > 0);
    }, undefined, { timeout: 10_000 });
    await shotBoth(page, 'financing-not-requested');
    await staff(`/admin/customers/${customer.id}/financing`, { status: 'IN_EVALUATION' });
    await page.reload();
    await status('IN_EVALUATION').waitFor();
    await shotBoth(page, 'financing-in-evaluation');
    await staff(`/admin/customers/${customer.id}/financing`, { status: 'DENIED' });
    await page.reload();
    await status('DENIED').waitFor();
    await page.getByText(m['financing.DENIED.text']).waitFor();
    await page.getByRole('button', { name: m['payment.back'] }).waitFor();
    await shotBoth(page, 'financing-denied');
    assert.equal((await stepSupplyFromBrowser(page, customer.token)).body.field, 'contract');

    await staff(`/admin/customers/${customer.id}/financing`, { status: 'APPROVED' });
    await page.reload();
    await status('APPROVED').waitFor();
    // the upload block is there, its submit waits for both signatures
    assert.equal(await page.getByRole('button', { name: m['financing.upload.submit'] }).isDisabled(), true);
    await page.getByText(m['financing.upload.needsSignatures']).waitFor();
    await shotBoth(page, 'financing-approved');
    await giveContractData(page);
    await signInFrame(page, customer, m['payment.contract.purchase']);
    assert.equal(await page.getByRole('button', { name: m['financing.upload.submit'] }).isDisabled(), true);
    await signInFrame(page, customer, m['payment.contract.procuration']);
    await page.getByText(m['payment.contracts.done']).first().waitFor();
    await page.waitForFunction((name) => !Array.from(document.querySelectorAll('button')).find((b) => b.textContent === name)?.hasAttribute('disabled'), m['financing.upload.submit']);

    // all three are required together
    await fileInput(page, `${m['financing.upload.proofOfAddress']} *`).setInputFiles(pdf);
    await page.getByRole('button', { name: m['financing.upload.submit'] }).click();
    await page.getByText(m['document.required.all']).waitFor();
    await fileInput(page, `${m['financing.upload.proofOfIncome']} *`).setInputFiles(pdf);
    await fileInput(page, `${m['financing.upload.document']} *`).setInputFiles(photo);
    await shotBoth(page, 'financing-documents');
    assert.equal((await stepSupplyFromBrowser(page, customer.token)).body.field, 'documents');
    await page.getByRole('button', { name: m['financing.upload.submit'] }).click();
    await page.getByText(m['financing.upload.success']).waitFor();
    await page.getByRole('heading', { level: 1, name: m['payment.supply.title'] }).waitFor();
    await shotBoth(page, 'financing-supply');
    assert.ok((await stepsOf(customer)).some((s) => s.type === 'SUPPLY'));
    await page.context().close();
  });

  test("'Voltar' before signing goes back to the final proposal to choose again; after the purchase contract it is gone", { timeout: 240_000 }, async () => {
    const customer = await customerAtFinalProposal('Sofia Ramos');
    const page = await openSignedIn(customer, '/pt/proposal-final');
    await choose(page, 'cash');
    await giveContractData(page);
    await page.getByRole('button', { name: m['payment.back'] }).click();
    await page.waitForURL('**/pt/proposal-final');
    assert.equal(await page.evaluate(() => localStorage.getItem('paymentType')), null);
    // the other payment type: the unsigned purchase contracts are replaced
    await choose(page, 'financing');
    assert.equal(await page.evaluate(() => localStorage.getItem('paymentType')), 'FINANCING');
    await page.getByRole('heading', { name: m['financing.NOT_REQUESTED.title'] }).waitFor();
    assert.equal((await api('/portal/customers/contracts', { token: customer.token })).body.contracts instanceof Array, true);
    assert.equal(((await api('/portal/customers/contracts', { token: customer.token })).body.contracts as unknown[]).length, 0);
    // and back again to cash, where the purchase contract is signed: 'Voltar' is gone, a reload keeps it so
    await page.getByRole('button', { name: m['payment.back'] }).click();
    await page.waitForURL('**/pt/proposal-final');
    await choose(page, 'cash');
    await giveContractData(page);
    await signInFrame(page, customer, m['payment.contract.purchase']);
    assert.equal(await page.getByRole('button', { name: m['payment.back'] }).count(), 0);
    await page.reload();
    await page.getByRole('list', { name: m['payment.contracts.title'] }).waitFor();
    assert.equal(await page.getByRole('button', { name: m['payment.back'] }).count(), 0);
    await shotBoth(page, 'signed-no-back');
    // the final proposal no longer takes another choice
    await page.goto(`${portal.url}/pt/proposal-final`);
    await page.getByRole('heading', { level: 1, name: 'Proposta final' }).waitFor();
    assert.equal(await page.getByRole('button', { name: m['proposal.final.financing'] }).isDisabled(), true);
    await page.context().close();
  });
});
