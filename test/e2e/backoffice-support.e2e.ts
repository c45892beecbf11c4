/**
 * Support's work in Chromium against the production build and a real server: a customer drops a
 * file on the project-status screen; support sees them in the home's 'unanswered customer messages'
 * queue (and the project counted at its status), opens the customer from it, downloads the file and
 * answers on the mural with a PDF attached, its sending shown as it goes; the customer sees the
 * message with its attachment and downloads it; the queue is empty for them again. Screens at phone
 * and desktop sizes (backoffice-support-*), each checked by axe and for sideways scrolling.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, callApi, launchBrowser, newPage, openSignedIn, sendApprovableBill, shotsFitting, signUpThroughApi, startPortal, type E2eCustomer, type RunningPortal, staffCli } from './support';
import { totpCode } from '../../src/server/staff/factor';
import { messages as m } from '../../src/shared/messages';
import { SCREENS } from '../../src/shared/routes';

let portal: RunningPortal;
let browser: Browser;
let script = '';
let invite = { email: '', invite: '' };
let support = '';

before(async () => {
  portal = await startPortal({ QUEUE_POLL_MS: '200' }, {
    beforeStart: async (dataDir) => {
      const cli = staffCli(dataDir);
      const email = `suporte.${process.pid}@empresa.com.br`;
      const out = await cli('invite', '--name', 'Sofia Suporte', '--email', email, '--role', 'support');
      invite = { email, invite: /#([A-Za-z0-9_-]+)$/m.exec(out.stdout)?.[1] ?? '' };
      script = /token \(shown once\): (\S+)/.exec((await cli('create-staff', '--name', 'Roteiro', '--email', `roteiro.${process.pid}@empresa.com.br`)).stdout)?.[1] ?? '';
    },
  });
  const read = await callApi(portal, '/admin/auth/invitation', { body: { invite: invite.invite } });
  const enrolled = await callApi(portal, '/admin/auth/enrolment', { body: { invite: invite.invite, code: totpCode(String(read.body.secret), invite.email, new Date()) } });
  assert.equal(enrolled.status, 201, JSON.stringify(enrolled.body));
  support = String(enrolled.body.token);
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await portal?.stop();
});

/** A customer whose contracts are signed and whose project support opened, with the upload open. */
async function customerWithProject(): Promise<E2eCustomer> {
  const c = await signUpThroughApi(portal, `5511977${String(process.pid % 10_000).padStart(4, '0')}01`, 'backoffice-support', { name: 'Helena Prado', bill: 600 });
  await sendApprovableBill(portal, c.token);
  assert.equal((await callApi(portal, `/admin/customers/${c.id}/approve/proposal`, { method: 'PUT', token: c.token })).status, 200);
  for (const type of ['visit.requested', 'visit.confirmed', 'visit.approved', 'plan.signed', 'checkout.completed', 'contract.signed']) {
    const view = await callApi(portal, `/admin/customers/${c.id}/process`, { token: script });
    const r = await callApi(portal, `/admin/customers/${c.id}/events`, { token: script, body: { type, version: view.body.version } });
    assert.equal(r.status, 200, `${type}: ${JSON.stringify(r.body)}`);
  }
  for (const [path, body] of [['project/status', { status: 'PROJECT_IN_PREPARATION' }], ['project/upload', { available: true }]] as const) {
    const r = await callApi(portal, `/admin/customers/${c.id}/${path}`, { method: 'PUT', token: support, body });
    assert.equal(r.status, 200, `${path}: ${JSON.stringify(r.body)}`);
  }
  return c;
}

/** The back-office opened signed in as support (the session as the sign-in leaves a tab). */
async function asSupport(path: string): Promise<Page> {
  const { page } = await newPage(browser, DESKTOP);
  await page.goto(`${portal.url}/staff/entrar`);
  await page.evaluate((token) => sessionStorage.setItem('staff:session', token), support);
  await page.goto(`${portal.url}${path}`);
  return page;
}

const fixture = (name: string) => readFileSync(join(process.cwd(), 'test', 'fixtures', 'bills', name));

describe('support answers a customer on the mural with a file', () => {
  test('the file sent waits in the queue; support answers with a PDF; the customer downloads it', { timeout: 300_000 }, async () => {
    const c = await customerWithProject();

    // the customer sends a photo of the meter from the project-status screen
    const { page: customer } = await newPage(browser, DESKTOP);
    await openSignedIn(customer, portal, c, '/pt/project-status');
    await customer.getByRole('heading', { level: 1, name: SCREENS.projectStatus.title }).waitFor();
    await customer.locator('input[type="file"]').setInputFiles({ name: 'medidor.png', mimeType: 'image/png', buffer: fixture('photo-bill.png') });
    await customer.getByRole('button', { name: m['project.upload.send'] }).click();
    await customer.getByText(m['upload.file.sent']).first().waitFor();

    // support's home: the customer waits among the unanswered messages; the project is counted at its status
    const page = await asSupport('/staff');
    await page.getByRole('heading', { name: 'Filas de trabalho', level: 1 }).waitFor();
    await page.getByRole('listitem', { name: 'Mensagens de clientes sem resposta: 1' }).waitFor();
    await page.getByRole('button', { name: 'Projeto em elaboração 1' }).waitFor();
    await page.getByRole('button', { name: 'Ver lista: Mensagens de clientes sem resposta' }).click();
    const list = page.getByRole('region', { name: 'Mensagens de clientes sem resposta' });
    await list.getByRole('cell', { name: 'medidor.png' }).waitFor();
    await shotsFitting(page, 'backoffice-support', 'queues');
    // sorted on the server by the 'Desde' header, oldest first unless asked
    const since = list.getByRole('columnheader', { name: /^Desde/ });
    assert.equal(await since.getAttribute('aria-sort'), 'ascending');
    await since.getByRole('button').click();
    await list.locator('th[aria-sort="descending"]').waitFor();
    await list.getByRole('cell', { name: 'medidor.png' }).waitFor();
    await list.getByRole('button', { name: 'Helena Prado' }).click();

    // the customer's page: the file is marked unanswered and downloads; the answer goes with a PDF
    const project = page.getByRole('region', { name: 'Projeto' });
    await project.getByText('Sem resposta', { exact: true }).waitFor();
    const [sentFile] = await Promise.all([page.waitForEvent('download'), project.getByRole('button', { name: 'Baixar medidor.png' }).click()]);
    assert.equal(sentFile.suggestedFilename(), 'medidor.png');
    await project.getByRole('textbox', { name: 'Mensagem no mural do cliente' }).fill('Recebemos a foto do medidor. Segue o orçamento da distribuidora.');
    await project.locator('input[type="file"]').setInputFiles({ name: 'Orçamento CPFL.pdf', mimeType: 'application/pdf', buffer: fixture('cemig-clean-residential.pdf') });
    await project.getByTitle('Orçamento CPFL.pdf').waitFor();
    await shotsFitting(page, 'backoffice-support', 'answer-chosen');
    // a slow connection: the sending shows its progress
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 2 * 1024 });
    await project.getByRole('button', { name: 'Publicar no mural' }).click();
    await project.getByRole('progressbar', { name: 'Enviando o anexo' }).waitFor();
    await project.getByRole('status').filter({ hasText: 'Mensagem com anexo publicada no mural.' }).waitFor();
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    assert.equal(await project.getByRole('progressbar').count(), 0, 'the bar goes once sent');
    await project.getByRole('button', { name: 'Anexo: Orçamento CPFL.pdf' }).waitFor();
    assert.equal(await project.getByText('Sem resposta', { exact: true }).count(), 0, 'the file is answered');
    await shotsFitting(page, 'backoffice-support', 'answered');

    // answered: the queue no longer holds the customer
    const waiting = await callApi(portal, '/admin/queues/messages', { token: support });
    assert.ok(!(waiting.body.data as { customer_id: number }[]).some((i) => i.customer_id === c.id), JSON.stringify(waiting.body));
    await page.close();

    // the customer sees the answer with its attachment, and downloads it
    await customer.reload();
    await customer.getByText('Recebemos a foto do medidor. Segue o orçamento da distribuidora.').waitFor();
    const link = customer.getByRole('button', { name: /^Baixar anexo: Orçamento CPFL\.pdf/ });
    await link.waitFor();
    const [pdf] = await Promise.all([customer.waitForEvent('download'), link.click()]);
    assert.equal(pdf.suggestedFilename(), 'Orçamento CPFL.pdf');
    const saved = readFileSync(await pdf.path());
    assert.ok(saved.equals(fixture('cemig-clean-residential.pdf')), 'the customer downloads the same bytes');
    await shotsFitting(customer, 'backoffice-support', 'customer-mural');
    await customer.close();
  });
});
