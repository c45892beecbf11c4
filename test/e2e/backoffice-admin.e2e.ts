/**
 * The admins' pages in Chromium: an admin writes a new FAQ question whose answer has bold text and a
 * bulleted list through the answer's editor (toolbar buttons with aria-pressed, a preview as the
 * customer sees it), and the customer's GET /faq serves it, sanitised; the admin moves it up the
 * list; an admin serves a state by a franchisee and stops serving it on the coverage page. Members
 * enrol through the API and the browser is given their session as the sign-in leaves it.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, callApi, launchBrowser, newPage, shotsFitting, startPortal, type RunningPortal, staffCli } from './support';
import { totpCode } from '../../src/server/staff/factor';

let portal: RunningPortal;
let browser: Browser;
let admin = '';
let support = '';

before(async () => {
  const invites: Record<'admin' | 'support', { email: string; invite: string }> = { admin: { email: '', invite: '' }, support: { email: '', invite: '' } };
  portal = await startPortal({}, {
    beforeStart: async (dataDir) => {
      for (const role of ['admin', 'support'] as const) {
        const email = `${role}.faq.${process.pid}@empresa.com.br`;
        const out = await staffCli(dataDir)('invite', '--name', `Equipe ${role}`, '--email', email, '--role', role);
        invites[role] = { email, invite: /#([A-Za-z0-9_-]+)$/m.exec(out.stdout)?.[1] ?? '' };
      }
    },
  });
  const tokens: Record<string, string> = {};
  for (const role of ['admin', 'support'] as const) {
    const { email, invite } = invites[role];
    const read = await callApi(portal, '/admin/auth/invitation', { body: { invite } });
    const enrolled = await callApi(portal, '/admin/auth/enrolment', { body: { invite, code: totpCode(String(read.body.secret), email, new Date()) } });
    assert.equal(enrolled.status, 201, JSON.stringify(enrolled.body));
    tokens[role] = String(enrolled.body.token);
  }
  admin = tokens.admin ?? '';
  support = tokens.support ?? '';
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await portal?.stop();
});

/** A back-office page opened signed in as the admin (the session as the sign-in leaves a tab). */
async function adminPage(path: string): Promise<Page> {
  const { page } = await newPage(browser, DESKTOP);
  await page.goto(`${portal.url}/staff/entrar`);
  await page.evaluate((token) => sessionStorage.setItem('staff:session', token), admin);
  await page.goto(`${portal.url}${path}`);
  return page;
}

type Public = { id: number; title: string; description: string };
const customerFaq = async () => {
  const r = await callApi(portal, '/faq');
  assert.equal(r.status, 200);
  return r.body.data as Public[];
};

const QUESTION = 'Posso acompanhar a geração pelo celular?';

describe('the admins\' FAQ and coverage pages', () => {
  test('an admin writes a question with bold text and a bulleted list; the customer is served it, sanitised', async () => {
    const page = await adminPage('/staff/perguntas');
    await page.getByRole('heading', { name: 'Perguntas frequentes', level: 1 }).waitFor();
    await page.getByRole('list', { name: 'Perguntas na ordem do cliente' }).getByRole('listitem').first().waitFor();
    await page.getByRole('button', { name: 'Nova pergunta' }).click();
    await page.getByRole('textbox', { name: 'Pergunta' }).fill(QUESTION);

    const answer = page.getByRole('textbox', { name: 'Resposta' });
    await answer.click();
    await page.keyboard.type('Sim. Pelo aplicativo você vê ');
    // a toolbar button hands the focus back to the answer (within a frame): typing waits for it, as a person's would
    const typeInAnswer = async (text: string) => {
      await page.waitForFunction((el) => el?.contains(document.activeElement) ?? false, await answer.elementHandle());
      await page.keyboard.type(text);
    };
    const bold = page.getByRole('toolbar', { name: 'Formatação da resposta' }).getByRole('button', { name: 'Negrito' });
    assert.equal(await bold.getAttribute('aria-pressed'), 'false');
    await bold.click();
    assert.equal(await bold.getAttribute('aria-pressed'), 'true');
    await typeInAnswer('a produção do dia');
    await bold.click();
    assert.equal(await bold.getAttribute('aria-pressed'), 'false');
    await typeInAnswer(':');
    await page.keyboard.press('Enter');
    const bullets = page.getByRole('button', { name: 'Lista com marcadores' });
    await bullets.click();
    assert.equal(await bullets.getAttribute('aria-pressed'), 'true');
    await typeInAnswer('em quilowatts-hora;');
    await page.keyboard.press('Enter');
    await page.keyboard.type('quanto você economizou.');

    // the preview, as the customer's dialog shows it
    const preview = page.locator('[data-faq-preview]');
    await preview.locator('strong', { hasText: 'a produção do dia' }).waitFor();
    assert.equal(await preview.locator('ul > li').count(), 2);
    await shotsFitting(page, 'backoffice-admin', 'faq-editing');

    await page.getByRole('button', { name: 'Adicionar pergunta' }).click();
    await page.getByRole('status').filter({ hasText: 'Pergunta adicionada' }).waitFor();
    await page.getByRole('list', { name: 'Perguntas na ordem do cliente' }).getByText(QUESTION, { exact: false }).waitFor();

    const served = (await customerFaq()).at(-1);
    assert.equal(served?.title, QUESTION);
    assert.match(served?.description ?? '', /<strong>a produção do dia<\/strong>/);
    assert.match(served?.description ?? '', /<ul><li><p>em quilowatts-hora;<\/p><\/li><li><p>quanto você economizou.<\/p><\/li><\/ul>/);
    await shotsFitting(page, 'backoffice-admin', 'faq-list');
    await page.close();
  });

  test('what a client other than the editor sends is cleaned too; another role is refused', async () => {
    const r = await callApi(portal, '/admin/faq', {
      token: admin, body: { question: 'Pergunta vinda de outro cliente?', answer_html: '<p onmouseover="x()">Oi<script>alert(1)</script></p><img src=x onerror=alert(2)><a href="javascript:alert(3)">link</a>' },
    });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    const served = (await customerFaq()).find((e) => e.id === Number(r.body.id));
    assert.ok(served);
    assert.doesNotMatch(served.description, /script|onerror|onmouseover|javascript:|<img/i);
    const refused = await callApi(portal, '/admin/faq', { token: support, body: { question: 'Q?', answer_html: '<p>R</p>' } });
    assert.deepEqual([refused.status, refused.body.code], [403, 4032]);
    assert.equal((await callApi(portal, `/admin/faq/${String(r.body.id)}`, { method: 'DELETE', token: admin })).status, 200);
  });

  test('the admin moves the new question up and edits it; the customer reads the new order and wording', async () => {
    const page = await adminPage('/staff/perguntas');
    await page.getByRole('button', { name: `Subir: ${QUESTION}` }).click();
    await page.getByRole('status').filter({ hasText: 'Ordem salva.' }).waitFor();
    const titles = (await customerFaq()).map((e) => e.title);
    assert.equal(titles.at(-2), QUESTION);

    await page.getByRole('button', { name: `Editar: ${QUESTION}` }).click();
    await page.getByRole('textbox', { name: 'Pergunta' }).fill(`${QUESTION.slice(0, -1)} ou pelo computador?`);
    await page.getByRole('button', { name: 'Salvar pergunta' }).click();
    await page.getByRole('status').filter({ hasText: 'Pergunta salva' }).waitFor();
    assert.ok((await customerFaq()).some((e) => e.title.endsWith('ou pelo computador?') && e.description.includes('<strong>a produção do dia</strong>')));

    // too long: the server's message beside the field
    await page.getByRole('button', { name: 'Nova pergunta' }).click();
    await page.getByRole('textbox', { name: 'Pergunta' }).fill('Pergunta?');
    await page.getByRole('button', { name: 'Adicionar pergunta' }).click();
    await page.getByText('Escreva a resposta.').waitFor();
    await shotsFitting(page, 'backoffice-admin', 'faq-refused');
    await page.close();
  });

  test('an admin serves a state by a franchisee and stops serving it', async () => {
    const page = await adminPage('/staff/cobertura');
    await page.getByRole('heading', { name: 'Cobertura', level: 1 }).waitFor();
    await page.getByRole('row', { name: /São Paulo/ }).getByText('FR-SP').waitFor();
    assert.equal(await page.getByRole('row').count(), 28);
    await shotsFitting(page, 'backoffice-admin', 'coverage');

    await page.getByRole('searchbox', { name: 'Filtrar por estado, UF ou franqueado' }).fill('acre');
    assert.equal(await page.getByRole('row').count(), 2);
    const acre = page.getByRole('row', { name: /Acre/ });
    await acre.getByText('Não atendido').waitFor();
    await acre.getByRole('button', { name: 'Atender: Acre' }).click();
    await page.getByRole('textbox', { name: 'Franqueado de Acre' }).fill('FR-AC-NORTE');
    await shotsFitting(page, 'backoffice-admin', 'coverage-editing');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByRole('status').filter({ hasText: 'Acre: atendido por FR-AC-NORTE.' }).waitFor();
    const table = (await callApi(portal, '/admin/coverage', { token: admin })).body.data as { state: string; franchisee_id: string }[];
    assert.deepEqual(table.find((r) => r.state === 'AC'), { state: 'AC', franchisee_id: 'FR-AC-NORTE' });
    await shotsFitting(page, 'backoffice-admin', 'coverage-served');

    await page.getByRole('button', { name: 'Deixar de atender: Acre' }).click();
    await page.getByRole('button', { name: 'Sim, deixar de atender' }).click();
    await page.getByRole('status').filter({ hasText: 'Acre: não atendido.' }).waitFor();
    await page.getByRole('row', { name: /Acre/ }).getByText('Não atendido').waitFor();
    const after = (await callApi(portal, '/admin/coverage', { token: admin })).body.data as { state: string }[];
    assert.equal(after.some((r) => r.state === 'AC'), false);
    const trail = (await callApi(portal, '/admin/audit?action=coverage:', { token: admin })).body.data as { action: string }[];
    assert.deepEqual(trail.map((t) => t.action).slice(0, 2), ['coverage:remove', 'coverage:set']);
    await page.close();
  });
});
