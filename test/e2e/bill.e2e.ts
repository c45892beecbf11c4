/**
 * Issue 4, "What it must show", in Chromium against the production build and a real server whose
 * queue worker runs the virtual assistant: a readable PDF is approved; an illegible one shows its
 * reason and is replaced; a JPG photo waits for a person (24 h); a customer whose employer
 * partnership staff confirmed (admin endpoint, with a staff account made by the staff CLI) is asked for
 * the employee badge; a customer who signs up in an unserved state sees the notice and 'Fechar'
 * signs them out. Also: a text file renamed .pdf (dragged onto the area) gets the spec's type
 * message, a phone picks the file through the file chooser and sees the upload progress, a cut
 * connection shows a clear error and keeps the chosen file, a person's DENIED and APP decisions show,
 * sending with nothing chosen says what is missing, and the illegible-then-approved path works by
 * keyboard alone. Every outcome is screenshot at phone and desktop sizes (test-results/screens,
 * bill-*) and checked with axe-core.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  DESKTOP, PHONE, callApi, launchBrowser, newPage, openSignedIn, shot, shotBoth as shotBothSizes, signUpThroughApi, staffCli, startPortal, waitForCode,
  type ApiInit, type E2eCustomer, type RunningPortal,
} from './support';
import { messages as m } from '../../src/shared/messages';

const BILLS = join(process.cwd(), 'test', 'fixtures', 'bills');
const bill = (name: string) => join(BILLS, name);

let portal: RunningPortal;
let browser: Browser;
let scratch: string;
/** each running case's page (cases run side by side): shot as bill-FAILED-<case> when it fails */
const casePage = new AsyncLocalStorage<{ page: Page | null }>();
const track = (page: Page): void => { const store = casePage.getStore(); if (store) store.page = page; };

function scenario(name: string, fn: () => Promise<void>): void {
  test(name, async () => {
    const store: { page: Page | null } = { page: null };
    try {
      await casePage.run(store, fn);
    } catch (e) {
      const { page } = store;
      if (page && !page.isClosed()) await shot(page, `bill-FAILED-${name.slice(0, 40).replace(/[^a-zA-Z0-9]+/g, '-')}`).catch(() => {});
      throw e;
    }
  });
}

/** The staff token of a staff member made by the staff CLI (`npm run staff -- create-staff`). */
let staffToken: string;

before(async () => {
  // the worker looks for analysis jobs often, so outcomes arrive within the page's 2 s poll
  portal = await startPortal({ QUEUE_POLL_MS: '200' }, {
    beforeStart: async (dataDir) => {
      // the same database settings the server gets (its embedded database in dataDir, or DATABASE_URL)
      const { stdout } = await staffCli(dataDir)('create-staff', '--name', 'Ana Souza', '--email', `ana.${Date.now()}@empresa.com.br`);
      staffToken = /token \(shown once\): (\S+)/.exec(stdout)?.[1] ?? '';
      assert.ok(staffToken, stdout);
    },
  });
  browser = await launchBrowser();
  scratch = mkdtempSync(join(tmpdir(), 'bill-e2e-'));
});
after(async () => {
  await browser?.close();
  await portal?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------
// Customers: the sign-up calls the sign-up screens make (bot check solved in Node, code read from
// the outbox), then the session the portal keeps in local storage. One customer signs up through
// the screens (the unserved-region case); the screens are already proven by signup-signin.e2e.ts.

let cellSeq = 0;
const newCell = () => `11976${String(process.pid % 1000).padStart(3, '0')}${String(++cellSeq).padStart(3, '0')}`;

const api = (path: string, init?: ApiInit) => callApi(portal, path, init);

type Customer = E2eCustomer;

const signUpCustomer = (): Promise<Customer> => signUpThroughApi(portal, '55' + newCell(), 'bill-e2e');

/** A staff decision on the customer's latest bill (PUT /admin/customers/{id}/bill at the version staff saw). */
async function staffDecides(customer: Customer, decision: { status: 'APPROVED' | 'DISAPPROVED' | 'DENIED' | 'APP'; justification?: string }): Promise<void> {
  const process = await api(`/admin/customers/${customer.id}/process`, { token: staffToken });
  const decided = await api(`/admin/customers/${customer.id}/bill`, { method: 'PUT', body: { ...decision, version: process.body.version }, token: staffToken });
  assert.equal(decided.status, 200, JSON.stringify(decided.body));
}

/** Opens the bill page signed in as `customer` (the session the portal restores on start). */
async function openBillPage(customer: Customer, viewport: { width: number; height: number } = DESKTOP): Promise<Page> {
  const { page } = await newPage(browser, viewport);
  track(page);
  // keep Playwright's file-chooser interception on for the page's life: switched on per wait, it can
  // arrive after a fast key press, and the chooser that press opens is then never reported
  page.on('filechooser', () => {});
  await openSignedIn(page, portal, customer, '/pt/bill');
  await page.getByRole('heading', { name: 'Conta de luz', level: 1 }).waitFor();
  return page;
}

/** Screenshots at both sizes, each checked with axe-core (bill-<name>-desktop and -phone). */
const shotBoth = (page: Page, name: string) => shotBothSizes(page, 'bill', name);

// ---------------------------------------------------------------------------------------------
// The bill form, as a person uses it.

async function answerHolder(page: Page, answer: 'Sim' | 'Não' = 'Sim'): Promise<void> {
  await page.getByRole('radio', { name: answer }).locator('xpath=ancestor::label').click();
  assert.equal(await page.getByRole('radio', { name: answer }).isChecked(), true);
}

/** Clicks 'Escolher arquivo' of the n-th upload area and picks `file` in the file chooser. */
async function pickFile(page: Page, file: string, nth = 0): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Escolher arquivo' }).nth(nth).click();
  await (await chooser).setFiles(file);
}

/** The focused element's accessible name as a screen reader starts it: its label, else its text. */
async function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    return el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '';
  });
}

/** Presses Tab until the element named `name` has focus (a few presses at most), as a keyboard user does. */
async function tabTo(page: Page, name: string, most = 8): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < most; i++) {
    await page.keyboard.press('Tab');
    const now = await focusedName(page);
    if (now === name) return;
    seen.push(now);
  }
  assert.fail(`Tab never reached '${name}'; it went through: ${seen.join(' | ')}`);
}

async function submit(page: Page): Promise<void> {
  await page.getByRole('button', { name: m['bill.submit'] }).click();
}

/** The 'Conta de luz enviada!' modal, closed with 'Entendi'. */
async function acknowledgeSent(page: Page, shotName?: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: m['bill.sent.title'] });
  await dialog.waitFor();
  if (shotName) await shotBoth(page, shotName);
  await dialog.getByRole('button', { name: m['bill.sent.ok'] }).click();
  await dialog.waitFor({ state: 'detached' });
}

async function outcome(page: Page, text: string): Promise<void> {
  await page.getByRole('status').getByText(text, { exact: true }).waitFor({ timeout: 20_000 });
}

describe('the bill step in the browser', { concurrency: 3 }, () => {
  scenario('a readable PDF bill is approved; a cut connection first shows an error and keeps the file', async () => {
    const customer = await signUpCustomer();
    const page = await openBillPage(customer);
    await shotBoth(page, 'form');
    // sent with nothing chosen: nothing goes, and the page says what is missing where it is missing
    await submit(page);
    await page.getByRole('group', { name: m['bill.file.label'] }).getByRole('alert').getByText(m['upload.file.missing']).waitFor();
    await page.getByText(m['bill.holder.required']).waitFor();
    await shotBoth(page, 'missing');
    await answerHolder(page);
    await pickFile(page, bill('cemig-clean-residential.pdf'));
    // past 15 characters the name is shortened; the success icon and 'Remover' come with it
    await page.getByText('cemig-clea….pdf').waitFor();
    await page.getByRole('button', { name: 'Remover cemig-clean-residential.pdf' }).waitFor();
    await shotBoth(page, 'chosen');

    // the connection drops while the bill is sent
    await page.route('**/api/v1/portal/customers/bills?*', async (route) => {
      if (route.request().method() === 'POST') await route.abort('connectionreset');
      else await route.continue();
    });
    await submit(page);
    await page.getByRole('alert').getByText(m['bill.upload.error']).waitFor();
    await page.getByText('cemig-clea….pdf').waitFor();
    assert.equal(await page.getByRole('radio', { name: 'Sim' }).isChecked(), true);
    await shotBoth(page, 'network-error');
    const before = await api('/portal/customers/bills', { token: customer.token });
    assert.equal(before.body.billValues, null, 'nothing reached the server');

    // the connection is back: the same chosen file is sent without choosing it again
    await page.unroute('**/api/v1/portal/customers/bills?*');
    await submit(page);
    await acknowledgeSent(page, 'sent');
    await outcome(page, m['bill.outcome.approved']);
    // the reloaded menu leads on: the approved outcome offers the initial proposal
    const next = page.getByRole('button', { name: `${m['bill.next']} Proposta inicial` });
    await next.waitFor();
    await shotBoth(page, 'approved');
    assert.equal(await page.getByRole('button', { name: m['bill.reupload'] }).count(), 0);
    await next.click();
    await page.waitForURL(/\/pt\/proposal-initial$/);
    await page.context().close();
  });

  scenario('on a phone, a JPG photo is picked by tapping, its upload progress shows, then the 24 h review text; a person denies it', async () => {
    const customer = await signUpCustomer();
    const page = await openBillPage(customer, PHONE);
    // a JPG photo of a bill: Chromium re-encodes the corpus' photo as JPEG
    const jpg = join(scratch, 'foto-da-conta.jpg');
    const photo = await browser.newPage();
    await photo.setContent(`<img src="data:image/png;base64,${readFileSync(bill('photo-bill.png')).toString('base64')}" style="display:block">`);
    writeFileSync(jpg, await photo.locator('img').screenshot({ type: 'jpeg', quality: 92 }));
    await photo.close();

    await answerHolder(page);
    await pickFile(page, jpg);
    await page.getByText('foto-da-co….jpg').waitFor();
    // a slow mobile connection, so the progress is there to be seen
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 16_000 });
    await submit(page);
    const progress = page.getByRole('progressbar', { name: 'Enviando a conta de luz' });
    await progress.waitFor();
    await page.waitForFunction(() => {
      const bar = document.querySelector('[role="progressbar"][aria-valuenow]');
      const now = Number(bar?.getAttribute('aria-valuenow'));
      return now > 0 && now < 100;
    }, undefined, { timeout: 15_000 });
    await shot(page, 'bill-uploading-phone');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await acknowledgeSent(page);
    await outcome(page, m['bill.outcome.waiting']);
    await shotBoth(page, 'waiting');

    // within the 24 h a person looks at the photo and denies it with a reason (staff endpoint)
    await staffDecides(customer, { status: 'DENIED', justification: 'Unidade consumidora em área rural' });
    await page.reload();
    await outcome(page, m['bill.outcome.denied']);
    await page.getByText('Motivo: Unidade consumidora em área rural').waitFor();
    assert.equal(await page.getByRole('button', { name: m['bill.reupload'] }).count(), 0, 'a denied bill is not replaced');
    await shotBoth(page, 'denied');
    await page.context().close();
  });

  scenario('a partnership staff confirm after the bill was approved: the badge is asked under the outcome and sent alone', async () => {
    const customer = await signUpCustomer();
    const form = new FormData();
    form.append('file', new Blob([readFileSync(bill('enel-sp-clean-residential.pdf'))], { type: 'application/pdf' }), 'conta.pdf');
    const sent = await fetch(`${portal.url}/api/v1/portal/customers/bills?is_holder=true`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${customer.token}` } });
    assert.equal(sent.status, 201);
    const me = await api('/portal/customers', { token: customer.token });
    const confirmed = await api(`/admin/customers/${String(me.body.id)}/partnership`, { method: 'PUT', body: { has_partnership: true }, token: staffToken });
    assert.equal(confirmed.status, 200);
    const page = await openBillPage(customer);
    await outcome(page, m['bill.outcome.approved']);
    const area = page.getByRole('group', { name: m['bill.badge.label'] });
    await area.getByText(m['bill.badge.description']).waitFor();
    await shotBoth(page, 'badge-after-bill');
    const chooser = page.waitForEvent('filechooser');
    await area.getByRole('button', { name: 'Escolher arquivo' }).click();
    await (await chooser).setFiles(bill('photo-bill.png'));
    await page.getByRole('button', { name: m['bill.badge.send'] }).click();
    await page.getByRole('status').getByText(m['upload.file.sent']).waitFor();
    assert.equal(await area.count(), 0);
    await shotBoth(page, 'badge-after-bill-sent');
    await page.context().close();
  });

  scenario('a bill a person sends to the app (APP) shows the invitation to download it', async () => {
    const customer = await signUpCustomer();
    // the photo goes in through the same call the page makes
    const form = new FormData();
    form.append('file', new Blob([readFileSync(bill('photo-bill.png'))], { type: 'image/png' }), 'foto.png');
    const sent = await fetch(`${portal.url}/api/v1/portal/customers/bills?is_holder=true`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${customer.token}` } });
    assert.equal(sent.status, 201);
    await staffDecides(customer, { status: 'APP' });
    const page = await openBillPage(customer);
    await outcome(page, m['bill.outcome.app']);
    await page.getByRole('link', { name: 'Baixar na App Store' }).waitFor();
    await page.getByRole('link', { name: 'Disponível no Google Play' }).waitFor();
    await shotBoth(page, 'app');
    await page.context().close();
  });

  scenario("a text file renamed .pdf, dropped on the area, gets the spec's type message; nothing is stored", async () => {
    const customer = await signUpCustomer();
    const page = await openBillPage(customer);
    const fake = join(scratch, 'conta-de-luz.pdf');
    writeFileSync(fake, 'Isto é um arquivo de texto, não uma conta de luz.\n');
    await answerHolder(page);
    // dragged from the file manager and dropped on the upload area (a real file drag through the
    // devtools protocol: a DataTransfer made in the page carries no file entry)
    const area = page.getByRole('group', { name: m['bill.file.label'] });
    const box = await area.getByText('Arraste o arquivo até aqui ou').boundingBox();
    assert.ok(box);
    const cdp = await page.context().newCDPSession(page);
    const drag = { items: [], files: [fake], dragOperationsMask: 1 };
    for (const type of ['dragEnter', 'dragOver', 'drop'] as const) {
      await cdp.send('Input.dispatchDragEvent', { type, x: box.x + box.width / 2, y: box.y + box.height / 2, data: drag });
    }
    await area.getByTitle('conta-de-luz.pdf').waitFor();
    await submit(page);
    // under the bill's own area, with the picker back for another file
    await area.getByRole('alert').getByText(m['upload.file.unsupported']).waitFor();
    await area.getByRole('button', { name: 'Escolher arquivo' }).waitFor();
    await shotBoth(page, 'wrong-type');
    assert.equal((await api('/portal/customers/bills', { token: customer.token })).body.billValues, null);
    await page.context().close();
  });

  scenario('a customer whose partnership staff confirmed is asked for the employee badge and sends it with the bill', async () => {
    const customer = await signUpCustomer();
    const me = await api('/portal/customers', { token: customer.token });
    // the company confirms the employer link (audited); the customer's next visit asks for the badge
    const confirmed = await api(`/admin/customers/${String(me.body.id)}/partnership`, { method: 'PUT', body: { has_partnership: true }, token: staffToken });
    assert.equal(confirmed.status, 200, JSON.stringify(confirmed.body));
    const page = await openBillPage(customer);
    const badgeArea = page.getByRole('group', { name: m['bill.badge.label'] });
    await badgeArea.getByText(m['bill.badge.description']).waitFor();
    await answerHolder(page);
    await pickFile(page, bill('copel-clean-residential.pdf'));
    await submit(page);
    await badgeArea.getByRole('alert').getByText(m['bill.badge.required']).waitFor();
    await shotBoth(page, 'badge-required');
    // the bill's picker is gone once chosen: the remaining one is the badge's
    await pickFile(page, bill('photo-bill.png'));
    await submit(page);
    await acknowledgeSent(page);
    await outcome(page, m['bill.outcome.approved']);
    const partnership = await api(`/portal/client-partnership/${String(me.body.id)}`, { token: customer.token });
    assert.equal(typeof partnership.body.url, 'string', 'the badge is stored');
    await page.context().close();
  });

  scenario("a customer who signs up in Acre sees the unserved-region notice; 'Fechar' signs them out", async () => {
    const cell = newCell().replace(/^11/, '68'); // a Rio Branco number
    const { context, page } = await newPage(browser, PHONE);
    track(page);
    await page.goto(portal.url + '/pt');
    await page.getByRole('button', { name: 'Para a minha casa' }).click();
    await page.waitForURL(/\/pt\/sign-up$/);
    await page.getByLabel('Celular').fill(cell);
    await page.getByText('Eu não sou um robô').click();
    await page.waitForFunction(() => Boolean(document.querySelector<HTMLInputElement>('input[name="recaptcha"]')?.value)
      || document.querySelector('[data-state="verified"]') !== null, undefined, { timeout: 30_000 });
    await page.getByRole('button', { name: 'Receber código por SMS' }).click();
    await page.waitForURL(/\/pt\/sign-up\/access-code$/);
    await page.getByRole('textbox').first().click();
    await page.keyboard.type(await waitForCode(portal, '55' + cell), { delay: 20 });
    await page.waitForURL(/\/pt\/create-account$/);
    await page.getByLabel('Nome').fill('Raimundo Nonato');
    await page.getByLabel('E-mail').fill(`raimundo.${cell}@exemplo.com.br`);
    await page.getByRole('button', { name: /Estado/ }).click();
    await page.getByRole('option', { name: 'Acre' }).click();
    await page.getByRole('combobox', { name: /Cidade/ }).or(page.getByRole('button', { name: /Cidade/ })).first().click();
    await page.keyboard.type('Rio Branco');
    await page.getByRole('option', { name: 'Rio Branco' }).first().click();
    await page.getByRole('button', { name: /Tipo de imóvel/ }).click();
    await page.getByRole('option', { name: 'Residencial (casa)' }).click();
    await page.getByLabel('Valor da conta').fill('280');
    const terms = page.getByRole('checkbox', { name: /Termos/i });
    await terms.locator('xpath=ancestor::label').click({ position: { x: 10, y: 10 } });
    await page.getByRole('button', { name: /Cadastrar|Criar conta|Continuar/ }).click();
    await page.waitForURL(/\/pt\/bill$/, { timeout: 15_000 });

    const notice = page.getByRole('alertdialog', { name: m['bill.region.title'] });
    await notice.getByText(m['bill.region.body']).waitFor();
    await shotBoth(page, 'unserved-region');
    const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('portal:session') ?? '{}') as { auth?: { token?: string } }).auth?.token);
    assert.ok(token);
    await notice.getByRole('button', { name: m['bill.region.close'] }).click();
    await page.waitForURL(/\/pt\/?$/);
    await page.getByRole('button', { name: 'Para a minha casa' }).waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('portal:session')), null);
    assert.equal((await api('/portal/customers', { token })).status, 401, 'the session is revoked on the server too');
    // Back does not bring the private page back
    await page.goBack();
    await page.waitForURL(/\/pt\/?$/);
    await context.close();
  });
});

// Alone, after the others, to keep key presses and their file choosers away from three busy pages.
describe('the bill step by keyboard', () => {
  scenario('by keyboard alone: an illegible bill shows its reason; another bill is sent and approved', async () => {
    const page = await openBillPage(await signUpCustomer());
    // the question's radios take the arrow keys; Tab and Enter do the rest
    await page.getByRole('radio', { name: 'Sim' }).focus();
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.getByRole('radio', { name: 'Não' }).isChecked(), true);
    await tabTo(page, 'Escolher arquivo');
    let chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Enter');
    await (await chooser).setFiles(bill('water-bill.pdf'));
    // focus is on the chosen file's 'Remover', not lost at the top of the page
    assert.equal(await focusedName(page), 'Remover water-bill.pdf');
    await tabTo(page, m['bill.submit']);
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: m['bill.sent.title'] }).waitFor();
    await tabTo(page, m['bill.sent.ok']);
    await page.keyboard.press('Enter');
    await outcome(page, m['bill.outcome.disapproved']);
    await page.getByText('Motivo: ilegível ou incompleta').waitFor();
    // a keyboard user is on the outcome, not on the vanished button
    assert.equal(await focusedName(page), m['bill.outcome.disapproved']);
    await shotBoth(page, 'illegible');
    await tabTo(page, m['bill.reupload']);
    await page.keyboard.press('Enter');
    await page.waitForFunction((name) => document.activeElement?.textContent === name, 'Escolher arquivo');
    chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Enter');
    await (await chooser).setFiles(bill('light-clean-residential.pdf'));
    await shotBoth(page, 'reupload-form');
    await tabTo(page, m['bill.submit']);
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: m['bill.sent.title'] }).waitFor();
    await tabTo(page, m['bill.sent.ok']);
    await page.keyboard.press('Enter');
    await outcome(page, m['bill.outcome.approved']);
    await page.context().close();
  });
});
