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
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { solveChallenge } from 'altcha-lib/v1';
import * as v from 'valibot';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, PHONE, accessibilityProblems, launchBrowser, newPage, shot, startPortal, waitForCode, type RunningPortal } from './support';
import { messages as m } from '../../src/shared/messages';
import { Proposal, billAfterSolarFigures, proposalCards, proposalFigures } from '../../src/shared/proposal';
import { oneSpace, pdfText } from '../support/pdfText';

let portal: RunningPortal;
let browser: Browser;
let dataDir: string;
let staffToken: string;

before(async () => {
  // a staff account in the portal's database before it starts (the CLI and the server share DATA_DIR)
  dataDir = mkdtempSync(join(tmpdir(), 'proposal-e2e-'));
  const env = { ...process.env, DATA_DIR: dataDir };
  const created = await promisify(execFile)('npx', ['tsx', 'src/server/cli/staff.ts', 'create-staff', '--name', 'Equipe Técnica', '--email', 'tecnica@empresa.com.br'], { env });
  staffToken = /token \(shown once\): (\S+)/.exec(created.stdout)![1]!;
  portal = await startPortal({ QUEUE_POLL_MS: '200', DATA_DIR: dataDir });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await portal?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function api(path: string, init: { method?: string; body?: unknown; token?: string; form?: FormData } = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${portal.url}/api/v1${path}`, {
    method: init.method ?? (init.body === undefined && !init.form ? 'GET' : 'POST'),
    headers: {
      'Accept-Language': 'pt-BR',
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

async function solvedBotCheck(): Promise<string> {
  const challenge = (await api('/altcha/challenge')).body as { algorithm: string; challenge: string; salt: string; signature: string; maxnumber: number };
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  if (!solution) throw new Error('bot check not solved');
  return Buffer.from(JSON.stringify({
    algorithm: challenge.algorithm, challenge: challenge.challenge, number: solution.number, salt: challenge.salt, signature: challenge.signature,
  })).toString('base64');
}

interface Customer { id: number; phone: string; token: string }
let customerSeq = 0;

/** Sign-up as the screens do it, the bill page's one-time simulation, and a readable PDF bill the assistant approves. */
async function customerWithApprovedBill(): Promise<Customer> {
  const phone = `551197${String(process.pid % 100_000).padStart(5, '0')}${String(++customerSeq).padStart(2, '0')}`;
  const queued = await api('/queue/sms', {
    body: { phone, coupon: null, secret: 'proposal-e2e', recaptcha: await solvedBotCheck(), type: 'SIGN_UP', resend: false },
  });
  assert.equal(queued.status, 202, JSON.stringify(queued.body));
  const confirm = await api('/portal/confirm-number', { body: { phone, code: await waitForCode(portal, phone) } });
  const created = await api('/portal/customers', {
    body: {
      name: 'Marta Conceição', email: `marta.${phone}@exemplo.com.br`, state: 'SP', city: 3509502 /* Campinas */,
      unit_type: 'RESIDENCIAL', bill: 420, phone, coupon: null, hasPartnership: false, terms: true,
      phone_proof: String(confirm.body.phone_proof),
    },
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const token = String(created.body.access_token);
  const id = Number((await api('/portal/customers', { token })).body.id);
  assert.equal((await api('/portal/customers/plan-simulated', { token, body: { bill_value: 420, deadline_years: 20, nivel: 'MAX' } })).status, 200);
  const form = new FormData();
  form.append('file', new Blob([readFileSync(join(process.cwd(), 'test', 'fixtures', 'bills', 'cemig-clean-residential.pdf'))], { type: 'application/pdf' }), 'conta.pdf');
  const sent = await api('/portal/customers/bills?is_holder=true', { token, form });
  assert.ok(sent.status < 300, JSON.stringify(sent.body));
  // the analysis job approves the bill; the initial proposal is generated and sent
  const deadline = Date.now() + 30_000;
  for (;;) {
    const steps = (await api('/portal/customers/steps', { token })).body.data as { type: string; status: string }[];
    if (steps.some((st) => st.type === 'PROPOSAL_INITIAL' && st.status === 'PENDING')) break;
    if (Date.now() > deadline) throw new Error(`no initial proposal: ${JSON.stringify(steps)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return { id, phone, token };
}

async function openSignedIn(customer: Customer, path: string, viewport = DESKTOP): Promise<Page> {
  const { page } = await newPage(browser, viewport);
  await page.goto(portal.url + '/api/v1/openapi.json');
  await page.evaluate(({ token, phone }) => {
    localStorage.setItem('portal:session', JSON.stringify({ auth: { token, signed: true, phone }, user: null, schedule: null }));
  }, customer);
  await page.goto(portal.url + path);
  return page;
}

async function shotBoth(page: Page, name: string): Promise<void> {
  const size = page.viewportSize();
  await page.setViewportSize(DESKTOP);
  // axe-core, WCAG 2.1 A/AA: none at either size (dialogs included, as they are open)
  assert.deepEqual(await accessibilityProblems(page), [], `${name} (desktop)`);
  await shot(page, `proposal-${name}-desktop`);
  await page.setViewportSize(PHONE);
  assert.deepEqual(await accessibilityProblems(page), [], `${name} (phone)`);
  await shot(page, `proposal-${name}-phone`);
  if (size) await page.setViewportSize(size);
}

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
    await page.getByText(m['proposal.final.notYet']).waitFor();
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
    await page.waitForURL('**/pt/payment');
    assert.equal(await page.evaluate(() => localStorage.getItem('paymentType')), 'FINANCING');
    const me = await api('/portal/customers', { token: customer.token });
    assert.equal(me.body.subscription_lending, 'LENDING');
    assert.equal(me.body.payment_type, 'FINANCING');
    await shotBoth(page, 'final-to-payment');
    await page.close();
  });
});
