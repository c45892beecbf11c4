/**
 * Issue 14 in Chromium against the production build: a member invited by `npm run staff -- invite`
 * opens the link, saves the TOTP secret (the test's "app" computes codes from the secret the page
 * shows), enrols and lands on the work queues; signs out; a wrong code is refused and counted
 * (audited); the right code signs in; the analyst opens a WAITING bill from the queue, corrects
 * its value and approves it, and the customer then sees the initial proposal. Screens are shot at
 * phone and desktop sizes and checked with axe-core (test-results/screens, backoffice-*).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { callApi, launchBrowser, newPage, openSignedIn, shotsFitting, signUpThroughApi, startPortal, type RunningPortal, DESKTOP, staffCli } from './support';
import { totpCode } from '../../src/server/staff/factor';
import { messages as m } from '../../src/shared/messages';

let portal: RunningPortal;
let browser: Browser;
let invitation = '';
let scriptToken = '';
const email = `beatriz.${process.pid}@empresa.com.br`;

before(async () => {
  portal = await startPortal({ QUEUE_POLL_MS: '200' }, {
    beforeStart: async (dataDir) => {
      const cli = staffCli(dataDir);
      const invited = await cli('invite', '--name', 'Beatriz Lima', '--email', email, '--role', 'analyst');
      invitation = /invitation \(valid 7 days, shown once\): (\S+)/.exec(invited.stdout)?.[1] ?? '';
      assert.match(invitation, /\/staff\/convite#[A-Za-z0-9_-]{20,}$/, invited.stdout);
      const script = await cli('create-staff', '--name', 'Auditoria', '--email', `auditoria.${process.pid}@empresa.com.br`, '--role', 'admin');
      scriptToken = /token \(shown once\): (\S+)/.exec(script.stdout)?.[1] ?? '';
    },
  });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await portal?.stop();
});

let secret = '';
/** The app's code, a step ahead each time (a code is accepted once; the server takes the next step too). */
let step = 0;
const appCode = () => totpCode(secret, email, new Date(Date.now() + 30_000 * (step++ > 0 ? 1 : 0)));

async function signIn(page: Page, code: string): Promise<void> {
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('textbox', { name: /Código do aplicativo/ }).fill(code);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
}


describe('the back-office', () => {
  let page: Page;

  test('an invited analyst enrols a TOTP app from the link and lands on the work queues', async () => {
    ({ page } = await newPage(browser, DESKTOP));
    await page.goto(invitation.replace(/^https?:\/\/[^/]+/, portal.url));
    await page.getByRole('heading', { name: 'Seu acesso ao back-office' }).waitFor();
    await page.getByRole('img', { name: /Código QR/ }).waitFor();
    secret = (await page.getByLabel('Chave para digitar no aplicativo').textContent())?.trim() ?? '';
    assert.match(secret, /^[A-Z2-7]{16,}$/);
    await shotsFitting(page, 'backoffice', 'invitation');
    await page.getByRole('textbox', { name: /Código do aplicativo/ }).fill(appCode());
    await page.getByRole('button', { name: 'Confirmar e entrar' }).click();
    await page.getByRole('heading', { name: 'Filas de trabalho', level: 1 }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/staff');
    assert.equal(new URL(page.url()).hash, '', 'the invitation leaves the address bar');
    await shotsFitting(page, 'backoffice', 'queues');
  });

  test('after signing out, a wrong code is refused and counted; the right one signs in', async () => {
    await page.getByRole('button', { name: 'Sair' }).click();
    await page.getByRole('heading', { name: 'Entrar no back-office' }).waitFor();
    const wrong = totpCode(secret, email, new Date(Date.now() + 3_600_000));
    await signIn(page, wrong);
    await page.getByText(m['staff.signIn.failed']).waitFor();
    await shotsFitting(page, 'backoffice', 'sign-in-refused');
    const trail = await callApi(portal, '/admin/audit', { token: scriptToken });
    assert.equal((trail.body.data as { action: string }[]).filter((a) => a.action === 'staff:signInFailed').length, 1);
    await signIn(page, appCode());
    await page.getByRole('heading', { name: 'Filas de trabalho', level: 1 }).waitFor();
  });

  test('the analyst corrects a WAITING bill\'s value and approves it; the customer then sees the initial proposal', async () => {
    const customer = await signUpThroughApi(portal, `5511977${String(process.pid % 1000).padStart(3, '0')}001`, 'backoffice-e2e', { name: 'Marcos Tavares' });
    // the bill page's one-time simulation comes first, as in the portal
    assert.equal((await callApi(portal, '/portal/customers/plan-simulated', { token: customer.token, body: { bill_value: 420, deadline_years: 20, nivel: 'MAX' } })).status, 200);
    const form = new FormData();
    form.append('file', new Blob([readFileSync(join(process.cwd(), 'test', 'fixtures', 'bills', 'photo-bill.png'))], { type: 'image/png' }), 'foto.png');
    assert.ok((await callApi(portal, '/portal/customers/bills?is_holder=true', { token: customer.token, form })).status < 300);
    // the assistant reads the photo by OCR and sends it to a person
    for (const until = Date.now() + 60_000; ;) {
      const b = await callApi(portal, '/portal/customers/bills', { token: customer.token });
      if ((b.body.billValues as { status: string } | null)?.status === 'WAITING') break;
      assert.ok(Date.now() < until, 'the bill was not sent to a person');
      await new Promise((r) => setTimeout(r, 300));
    }
    await page.reload();
    await page.getByRole('button', { name: 'Revisar a conta de Marcos Tavares' }).click();
    await page.getByRole('heading', { name: 'Revisão da conta de luz', level: 1 }).waitFor();
    await page.getByRole('img', { name: 'Página 1 da conta de luz' }).waitFor();
    assert.match(new URL(page.url()).pathname, /^\/staff\/clientes\/\d+\/conta$/);
    // the least sure field's evidence is boxed on the photo; choosing the value boxes where the value was read
    await page.locator('[data-evidence]').first().waitFor();
    const valueButton = page.getByRole('button', { name: 'Marcar na conta: Valor (R$)' });
    await valueButton.click();
    assert.equal(await valueButton.getAttribute('aria-pressed'), 'true');
    const boxed = await page.locator('[data-evidence]').evaluateAll((marks) => marks.map((el) => el.getAttribute('data-evidence')));
    assert.ok(boxed.length > 0 && boxed.every((text) => (text ?? '').length > 0), JSON.stringify(boxed));
    assert.ok((await valueButton.textContent())?.includes(boxed[0] ?? '\u0000'), 'the box is the run the value was read from');
    await shotsFitting(page, 'backoffice', 'bill-review');
    await page.getByRole('textbox', { name: 'Valor da conta (R$)' }).fill('612,35');
    await page.getByRole('button', { name: 'Aprovar conta' }).click();
    await page.getByText('Conta aprovada.', { exact: false }).waitFor();
    const bills = await callApi(portal, '/portal/customers/bills', { token: customer.token });
    assert.deepEqual({ status: (bills.body.billValues as { status: string }).status, value: (bills.body.billValues as { value: number }).value }, { status: 'APPROVED', value: 612.35 });

    const { page: customerPage } = await newPage(browser, DESKTOP);
    for (const until = Date.now() + 30_000; ;) {
      const steps = (await callApi(portal, '/portal/customers/steps', { token: customer.token })).body.data as { type: string; status: string }[];
      if (steps.some((st) => st.type === 'PROPOSAL_INITIAL' && st.status === 'PENDING')) break;
      assert.ok(Date.now() < until, `no initial proposal: ${JSON.stringify(steps)}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    await openSignedIn(customerPage, portal, customer, '/pt/proposal-initial');
    await customerPage.getByRole('heading', { name: 'Proposta inicial', level: 1 }).waitFor();
    await customerPage.close();
  });

  test('the customer page, found by name, draws the live process with the current state highlighted and who moved it', async () => {
    await page.getByRole('button', { name: 'Voltar às filas' }).click();
    await page.getByRole('textbox', { name: 'Buscar cliente' }).fill('marcos tav');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.getByRole('button', { name: 'Marcos Tavares' }).click();
    await page.getByRole('heading', { name: 'Marcos Tavares', level: 1 }).waitFor();
    assert.match(new URL(page.url()).pathname, /^\/staff\/clientes\/\d+$/);
    const current = page.locator('g.node[data-state="current"] title');
    await current.first().waitFor({ state: 'attached' });
    const ids = await current.allTextContents();
    assert.ok(ids.some((id) => id.startsWith('process.proposalInitial')), ids.join(', '));
    assert.ok(await page.locator('g.node[data-state="visited"]').count() > 0, 'the states passed through are marked');
    await page.getByRole('cell', { name: 'equipe: Beatriz Lima' }).first().waitFor();
    await page.getByRole('cell', { name: 'o cliente' }).first().waitFor();
    // the bill as decided (with the corrected value) and the proposal it led to, with its PDF
    const bills = page.getByRole('region', { name: 'Contas de luz' });
    await bills.getByRole('cell', { name: 'aprovada', exact: true }).waitFor();
    await bills.getByRole('cell', { name: /612,35/ }).waitFor();
    const proposals = page.getByRole('region', { name: 'Propostas' });
    await proposals.getByRole('rowheader', { name: 'Inicial' }).waitFor();
    const [pdf] = await Promise.all([page.context().waitForEvent('page'), proposals.getByRole('button', { name: 'Abrir PDF da proposta inicial' }).click()]);
    await pdf.waitForURL(/^blob:/);
    await pdf.close();
    await page.getByRole('region', { name: 'Contratos' }).getByText('Nenhum contrato gerado.').waitFor();
    await shotsFitting(page, 'backoffice', 'customer');
  });

  test('a PDF bill is drawn page by page in the review, with the chosen field\'s evidence boxed on its page', async () => {
    const customer = await signUpThroughApi(portal, `5511977${String(process.pid % 1000).padStart(3, '0')}002`, 'backoffice-e2e', { name: 'Antônia Prado' });
    assert.equal((await callApi(portal, '/portal/customers/plan-simulated', { token: customer.token, body: { bill_value: 260, deadline_years: 20, nivel: 'MAX' } })).status, 200);
    const form = new FormData();
    // a unit already compensating solar energy: the assistant sends it to a person
    form.append('file', new Blob([readFileSync(join(process.cwd(), 'test', 'fixtures', 'bills', 'cemig-solar-scee.pdf'))], { type: 'application/pdf' }), 'conta.pdf');
    assert.ok((await callApi(portal, '/portal/customers/bills?is_holder=true', { token: customer.token, form })).status < 300);
    for (const until = Date.now() + 60_000; ;) {
      const b = await callApi(portal, '/portal/customers/bills', { token: customer.token });
      if ((b.body.billValues as { status: string } | null)?.status === 'WAITING') break;
      assert.ok(Date.now() < until, 'the bill was not sent to a person');
      await new Promise((r) => setTimeout(r, 300));
    }
    const me = await callApi(portal, '/portal/customers', { token: customer.token });
    await page.goto(`${portal.url}/staff/clientes/${String(me.body.id)}/conta`);
    await page.getByRole('img', { name: 'Página 1 da conta de luz' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Marcar na conta: Consumo do mês (kWh)' }).click();
    const mark = page.locator('[data-page="1"] [data-evidence]').first();
    await mark.waitFor();
    // the box lies on the drawn page, not outside it
    const [box, drawn] = await Promise.all([mark.boundingBox(), page.locator('[data-page="1"]').boundingBox()]);
    assert.ok(box && drawn && box.x >= drawn.x && box.y >= drawn.y && box.x + box.width <= drawn.x + drawn.width + 1 && box.y + box.height <= drawn.y + drawn.height + 1, JSON.stringify({ box, drawn }));
    await page.getByRole('button', { name: 'Ampliar' }).click();
    await page.getByText('Zoom 1.5x').waitFor();
    await shotsFitting(page, 'backoffice', 'bill-review-pdf');
  });
});
