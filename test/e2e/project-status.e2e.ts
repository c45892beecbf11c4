/**
 * Issue 12, the project status in Chromium against the production build and a real server: a
 * customer whose contracts are signed follows the project while staff move it through the seven
 * statuses with mural messages, record the distributor's request (and its deadline passes), ask for
 * a file that the customer drops in; 'Preciso de atendimento' opens the FAQ with its search and the
 * WhatsApp chat; hostile FAQ answers stay inert in the real browser. Screenshots at phone and
 * desktop sizes land in test-results/screens (project-*), each checked by axe.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  DESKTOP, PHONE, accessibilityProblems, callApi, createStaffIn, launchBrowser, newPage, openSignedIn, sendApprovableBill, shotBoth as shotBothSizes,
  signUpThroughApi, startPortal, type ApiInit, type E2eCustomer, type RunningPortal,
} from './support';
import { messages as m } from '../../src/shared/messages';
import { PROJECT_STATUSES } from '../../src/shared/project/rules';
import { brazilDay } from '../../src/shared/calendar';
import { SCREENS } from '../../src/shared/routes';

const TEAM_WHATSAPP = '5521987650000';

let portal: RunningPortal;
let browser: Browser;
let staffToken: string;

before(async () => {
  // the team's number comes from the company's settings, as an operator sets it
  portal = await startPortal({ QUEUE_POLL_MS: '200', COMPANY_WHATSAPP: TEAM_WHATSAPP }, {
    beforeStart: async (dataDir) => { staffToken = await createStaffIn(dataDir, 'Equipe de Projetos', 'projetos@empresa.com.br'); },
  });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await portal?.stop();
});

const api = (path: string, init?: ApiInit) => callApi(portal, path, init);
const staff = async (path: string, init: ApiInit & { method: string }) => {
  const r = await api(`/admin${path}`, { ...init, token: staffToken });
  assert.ok(r.status < 300, `${init.method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r;
};
const shotBoth = (page: Page, name: string) => shotBothSizes(page, 'project', name);
let seq = 0;

/** Sign-up, an approved bill and proposal, the visit approved, the plan, the checkout and the contracts: at INSTALATION. */
async function customerAtInstallation(): Promise<E2eCustomer> {
  const phone = `551197${String(process.pid % 100_000).padStart(5, '0')}${String(++seq).padStart(2, '0')}`;
  const customer = await signUpThroughApi(portal, phone, 'project-e2e', { name: 'Marina Duarte', bill: 600 });
  await sendApprovableBill(portal, customer.token);
  assert.equal((await api(`/admin/customers/${customer.id}/approve/proposal`, { method: 'PUT', token: customer.token })).status, 200);
  for (const type of ['visit.requested', 'visit.confirmed', 'visit.approved', 'plan.signed', 'checkout.completed', 'contract.signed']) {
    const view = await api(`/admin/customers/${customer.id}/process`, { token: staffToken });
    await staff(`/customers/${customer.id}/events`, { method: 'POST', body: { type, version: view.body.version } });
  }
  return customer;
}

/** Marks the customer's unread notices READ, as closing them in the bell does; collects their texts. */
async function readTheBell(customer: E2eCustomer, told: string[]): Promise<void> {
  const list = (await api('/portal/notifications', { token: customer.token })).body.data as { id: number; message: string; status: string }[];
  for (const n of list.filter((x) => x.status !== 'READ')) {
    told.push(n.message);
    assert.equal((await api(`/portal/notifications/${n.id}`, { method: 'PATCH', body: { status: 'READ' }, token: customer.token })).status, 200);
  }
}

const stepsList = (page: Page) => page.getByRole('list', { name: m['project.steps'] });
/** The index of the step marked aria-current="step". */
const currentStep = (page: Page) => stepsList(page).evaluate((ol) => [...ol.querySelectorAll('li')].findIndex((li) => li.getAttribute('aria-current') === 'step'));
const doneSteps = (page: Page) => stepsList(page).evaluate((ol) => [...ol.querySelectorAll('li')].filter((li) => li.dataset.stepState === 'done').length);
/** The steps' direction: a row on wide screens, a column at 800 px or narrower. */
const stepsDirection = (page: Page) => stepsList(page).evaluate((ol) => {
  const [a, b] = [...ol.querySelectorAll('li')].map((li) => li.getBoundingClientRect());
  return a && b && Math.abs(a.top - b.top) < 2 ? 'row' : 'column';
});

async function reloadAt(page: Page, status: number): Promise<void> {
  await page.reload();
  await page.getByRole('heading', { level: 1, name: SCREENS.projectStatus.title }).waitFor();
  await page.waitForFunction((i) => document.querySelectorAll('ol li')[i]?.getAttribute('aria-current') === 'step', status);
}

describe('the project status in the browser', () => {
  test('staff move the project through the seven steps with mural messages; the deadline passes; a file is asked for and sent; the FAQ and the team on WhatsApp', { timeout: 300_000 }, async () => {
    const customer = await customerAtInstallation();
    const told: string[] = [];
    const { page } = await newPage(browser, DESKTOP);
    await openSignedIn(page, portal, customer, '/pt/project-status');
    await page.getByRole('heading', { level: 1, name: SCREENS.projectStatus.title }).waitFor();
    // the screen opened the customer's case; before staff open the project it is step 0
    assert.equal(await currentStep(page), 0);
    await page.getByText(m['project.mural.empty']).waitFor();
    assert.equal(await page.locator('input[type="file"]').count(), 0);
    assert.equal(await stepsDirection(page), 'row');
    await page.setViewportSize({ width: 800, height: 900 });
    assert.equal(await stepsDirection(page), 'column');
    await page.setViewportSize({ width: 801, height: 900 });
    assert.equal(await stepsDirection(page), 'row');
    await shotBoth(page, 'start');

    // staff open the project and file it with the distributor 20 days ago, with 15 days to answer
    await staff(`/customers/${customer.id}/project/status`, { method: 'PUT', body: { status: 'PROJECT_IN_PREPARATION' } });
    await staff(`/customers/${customer.id}/project/messages`, { method: 'POST', body: { message: 'Recebemos seus contratos: nossos engenheiros começaram o projeto.' } });
    const filedOn = brazilDay(new Date(Date.now() - 20 * 86_400_000));
    await staff(`/customers/${customer.id}/project/status`, {
      method: 'PUT', body: { status: 'PROJECT_SUBMITTED_TO_DEALERSHIP', filing: { protocol: 'OC-2026-004512', distributor: 'CPFL Paulista', filed_on: filedOn, deadline_days: 15 } },
    });
    await staff(`/customers/${customer.id}/project/messages`, { method: 'POST', body: { message: 'Projeto protocolado na CPFL Paulista (protocolo OC-2026-004512).' } });
    await reloadAt(page, 1);
    assert.equal(await doneSteps(page), 1);
    // the newest message first, set apart
    const mural = page.getByRole('region', { name: m['project.mural'] }).getByRole('listitem');
    assert.equal(await mural.count(), 2);
    assert.match(await mural.first().innerText(), /Mais recente[\s\S]*Projeto protocolado na CPFL Paulista/);
    // the deadline view: protocol, day filed, 15 days, 20 days gone by, and the next steps
    await page.getByText('OC-2026-004512', { exact: true }).waitFor();
    await page.getByText(filedOn.split('-').reverse().join('/')).waitFor();
    await page.locator('dd', { hasText: /^20$/ }).waitFor();
    await page.getByRole('heading', { name: m['project.overdue.title'] }).waitFor();
    await page.getByText('Registre uma reclamação na ouvidoria da CPFL Paulista, informando o protocolo OC-2026-004512.').waitFor();
    assert.equal(await page.getByRole('link', { name: 'Ligar 167' }).getAttribute('href'), 'tel:167');
    const aneel = page.getByRole('link', { name: /Site da ANEEL/ });
    assert.equal(await aneel.getAttribute('target'), '_blank');
    assert.equal(await aneel.getAttribute('rel'), 'noopener noreferrer');
    await shotBoth(page, 'deadline-overdue');

    // staff ask for a file: the upload appears, the customer drops a photo in
    await staff(`/customers/${customer.id}/project/messages`, { method: 'POST', body: { message: 'Envie uma foto do padrão de entrada de energia, por favor.' } });
    await staff(`/customers/${customer.id}/project/upload`, { method: 'PUT', body: { available: true } });
    await reloadAt(page, 1);
    const photo = readFileSync(join(process.cwd(), 'test', 'fixtures', 'bills', 'photo-bill.png'));
    await page.locator('input[type="file"]').setInputFiles({ name: 'padrao-de-entrada.png', mimeType: 'image/png', buffer: photo });
    await page.getByRole('button', { name: 'Remover padrao-de-entrada.png' }).waitFor();
    await shotBoth(page, 'upload-chosen');
    await page.getByRole('button', { name: m['project.upload.send'] }).click();
    await page.getByText(m['upload.file.sent']).first().waitFor();
    await page.getByText('padrao-de-entrada.png').waitFor();
    const sent = await staff(`/customers/${customer.id}/project`, { method: 'GET' });
    const files = (sent.body.case as { files: { id: number }[] }).files;
    assert.equal(files.length, 1);
    const download = await fetch(`${portal.url}/api/v1/admin/customers/${customer.id}/project/files/${files[0]!.id}`, { headers: { Authorization: `Bearer ${staffToken}` } });
    assert.equal(download.status, 200);
    assert.deepEqual(Buffer.from(await download.arrayBuffer()), photo);
    await staff(`/customers/${customer.id}/project/upload`, { method: 'PUT', body: { available: false } });

    // 'Preciso de atendimento': the FAQ, its search and the team on WhatsApp
    await readTheBell(customer, told);
    await page.reload();
    await page.getByRole('button', { name: m['project.help'] }).click();
    const dialog = page.getByRole('dialog', { name: m['faq.title'] });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'A visita técnica tem custo?' }).waitFor();
    await dialog.getByPlaceholder(m['faq.search.placeholder']).fill('DISTRIBUIDORA');
    await dialog.getByText('2 perguntas').waitFor();
    assert.equal(await dialog.getByRole('button', { name: 'A visita técnica tem custo?' }).count(), 0);
    await dialog.getByRole('button', { name: 'O que faço se a distribuidora passar do prazo?' }).click();
    await dialog.getByText('ouvidoria da distribuidora').waitFor();
    const chat = dialog.getByRole('link', { name: /Falar com a equipe pelo WhatsApp/ });
    const href = await chat.getAttribute('href');
    const caseId = (sent.body.case as { id: number }).id;
    assert.equal(href, `https://wa.me/${TEAM_WHATSAPP}?text=${encodeURIComponent(`Olá! Preciso de atendimento sobre o meu projeto nº ${caseId}.`)}`);
    assert.equal(await chat.getAttribute('target'), '_blank');
    assert.equal(await chat.getAttribute('rel'), 'noopener noreferrer');
    assert.deepEqual(await accessibilityProblems(page, '[role="dialog"]'), []);
    await shotBoth(page, 'faq');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // the rest of the way, one step at a time, each with its notice in the bell
    for (const [i, status] of PROJECT_STATUSES.entries()) {
      if (i < 2) continue;
      await staff(`/customers/${customer.id}/project/status`, { method: 'PUT', body: { status } });
      await staff(`/customers/${customer.id}/project/messages`, { method: 'POST', body: { message: `Atualização: ${m[`project.status.${status}`]}.` } });
      // the customer reads the bell as the notices come
      await readTheBell(customer, told);
      await reloadAt(page, i);
      await page.getByText(`Atualização: ${m[`project.status.${status}`]}.`).waitFor();
      if (status === 'EQUIPMENT_DELIVERED') await shotBoth(page, 'equipment-delivered');
    }
    assert.equal(await doneSteps(page), 7);
    for (const status of PROJECT_STATUSES) assert.ok(told.includes(m[`notification.project.${status}`]), status);
    // a stage left behind is not overdue
    assert.equal(await page.getByRole('heading', { name: m['project.overdue.title'] }).count(), 0);
    await shotBoth(page, 'connected');
    await page.setViewportSize(PHONE);
    assert.equal(await stepsDirection(page), 'column');
  });

  test('hostile FAQ answers stay inert in Chromium (scripts, handlers, javascript: and data: links, SVG, frames, styles)', { timeout: 120_000 }, async () => {
    const customer = await customerAtInstallation();
    const { page } = await newPage(browser, DESKTOP);
    const vectors = [
      '<script>window.pwned = 1</script>', '<img src=x onerror="window.pwned = 1">', '<a href="javascript:window.pwned = 1">a</a>',
      '<a href="data:text/html,<script>alert(1)</script>">b</a>', '<svg onload="window.pwned = 1"><script>window.pwned = 1</script></svg>',
      '<iframe srcdoc="<script>parent.pwned = 1</script>"></iframe>', '<p style="background:url(javascript:window.pwned=1)">c</p>',
      '<details open ontoggle="window.pwned = 1">d</details>', '<math><mtext><table><mglyph><style><img src=x onerror="window.pwned = 1"></style></mglyph></table></mtext></math>',
    ];
    await page.route('**/api/v1/faq', (route) => route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({ data: vectors.map((v, i) => ({ id: i + 1, title: `Pergunta hostil ${i + 1}`, description: `<p>Resposta ${i + 1}</p>${v}` })) }),
    }));
    await openSignedIn(page, portal, customer, '/pt/project-status');
    await page.getByRole('button', { name: m['project.help'] }).click();
    const dialog = page.getByRole('dialog', { name: m['faq.title'] });
    for (let i = 1; i <= vectors.length; i++) await dialog.getByRole('button', { name: `Pergunta hostil ${i}` }).click();
    await dialog.getByText(`Resposta ${vectors.length}`).waitFor();
    await page.waitForTimeout(300);
    const live = await page.evaluate(() => {
      const found: string[] = [];
      for (const answer of document.querySelectorAll('[data-faq-answer]')) {
        for (const el of answer.querySelectorAll('*')) {
          if (!['P', 'A', 'STRONG', 'EM', 'B', 'I', 'UL', 'OL', 'LI', 'BR'].includes(el.tagName)) found.push(el.tagName);
          for (const attr of el.getAttributeNames()) if (!['href', 'target', 'rel'].includes(attr)) found.push(`${el.tagName}[${attr}]`);
          const href = el.getAttribute('href');
          if (href !== null && !/^(https:|mailto:|tel:)/i.test(href)) found.push(`href=${href}`);
        }
      }
      return { found, pwned: (window as unknown as { pwned?: unknown }).pwned ?? null };
    });
    assert.deepEqual(live, { found: [], pwned: null });
  });
});
