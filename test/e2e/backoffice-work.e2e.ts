/**
 * Issue 14's work screens in Chromium, each by the member whose role does it, on the customer's
 * page: a scheduler confirms a visit and records it approved; sales publishes the final proposal
 * and moves a financing request; an analyst denies a document with a reason, then approves the one
 * sent again; support advances a project through all seven statuses and posts on the mural, which
 * the customer sees; a support member is offered no financing decision and is refused one by the
 * server. Members enrol through the API (the enrolment screen is backoffice.e2e.ts's) and the
 * browser is given their session as the sign-in leaves it.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, callApi, launchBrowser, newPage, openSignedIn, sendApprovableBill, shotsFitting, signUpThroughApi, startPortal, type E2eCustomer, type RunningPortal, staffCli } from './support';
import { totpCode } from '../../src/server/staff/factor';
import type { StaffRole } from '../../src/shared/staff/roles';

let portal: RunningPortal;
let browser: Browser;
let script = '';
const ROLES = ['scheduler', 'sales', 'analyst', 'support', 'admin'] as const satisfies readonly StaffRole[];
const invites = {} as Record<(typeof ROLES)[number], { email: string; invite: string }>;
const sessions = {} as Record<(typeof ROLES)[number], string>;

before(async () => {
  portal = await startPortal({ QUEUE_POLL_MS: '200' }, {
    beforeStart: async (dataDir) => {
      const cli = staffCli(dataDir);
      for (const role of ROLES) {
        const email = `${role}.${process.pid}@empresa.com.br`;
        const out = await cli('invite', '--name', `Equipe ${role}`, '--email', email, '--role', role);
        invites[role] = { email, invite: /#([A-Za-z0-9_-]+)$/m.exec(out.stdout)?.[1] ?? '' };
      }
      script = /token \(shown once\): (\S+)/.exec((await cli('create-staff', '--name', 'Roteiro', '--email', `roteiro.${process.pid}@empresa.com.br`)).stdout)?.[1] ?? '';
    },
  });
  for (const role of ROLES) {
    const { email, invite } = invites[role];
    const read = await callApi(portal, '/admin/auth/invitation', { body: { invite } });
    const enrolled = await callApi(portal, '/admin/auth/enrolment', { body: { invite, code: totpCode(String(read.body.secret), email, new Date()) } });
    assert.equal(enrolled.status, 201, JSON.stringify(enrolled.body));
    sessions[role] = String(enrolled.body.token);
  }
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await portal?.stop();
});

let seq = 0;
const newCustomer = () => signUpThroughApi(portal, `5511978${String(process.pid % 1000).padStart(3, '0')}${String(++seq).padStart(3, '0')}`, 'backoffice-work', { name: `Cliente ${seq} Teste` });

async function staffEvent(c: E2eCustomer, type: string): Promise<void> {
  const view = await callApi(portal, `/admin/customers/${c.id}/process`, { token: script });
  const r = await callApi(portal, `/admin/customers/${c.id}/events`, { token: script, body: { type, version: view.body.version } });
  assert.equal(r.status, 200, `${type}: ${JSON.stringify(r.body)}`);
}

/** A customer whose initial proposal is approved and who booked a visit (a weekday a few days ahead). */
async function customerWithVisit(): Promise<E2eCustomer> {
  const c = await newCustomer();
  await sendApprovableBill(portal, c.token);
  assert.equal((await callApi(portal, `/admin/customers/${c.id}/approve/proposal`, { method: 'PUT', token: c.token })).status, 200);
  for (let ahead = 3; ahead < 14; ahead++) {
    const day = new Date(Date.now() + ahead * 86_400_000);
    if (day.getUTCDay() === 0) continue;
    const booked = await callApi(portal, '/portal/customers/scheduling', {
      token: c.token,
      body: { date: day.toISOString().slice(0, 10), time: '09:00', phone: '(11) 98765-4321', cep: '01310-100', address: 'Avenida Paulista', number: '1000', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' },
    });
    if (booked.status < 300) return c;
  }
  throw new Error('no day to book');
}

/** A back-office page opened signed in as the member (the session as the sign-in leaves a tab). */
async function signedInAs(role: (typeof ROLES)[number], path: string): Promise<Page> {
  const { page } = await newPage(browser, DESKTOP);
  await page.goto(`${portal.url}/staff/entrar`);
  await page.evaluate((token) => sessionStorage.setItem('staff:session', token), sessions[role]);
  await page.goto(`${portal.url}${path}`);
  return page;
}

/** The member's page for a customer. */
async function staffPage(role: (typeof ROLES)[number], customerId: number): Promise<Page> {
  const page = await signedInAs(role, `/staff/clientes/${customerId}`);
  await page.getByRole('heading', { name: 'Processo', level: 2 }).waitFor();
  return page;
}

const region = (page: Page, name: string) => page.getByRole('region', { name });


describe('the back-office\'s work, by role', () => {
  let visited: E2eCustomer;

  test('a scheduler confirms the visit and records it accomplished and approved', async () => {
    visited = await customerWithVisit();
    const page = await staffPage('scheduler', visited.id);
    const visit = region(page, 'Visita técnica');
    await visit.getByText('Aguardando confirmação', { exact: false }).or(visit.getByText('às 09:00', { exact: false })).first().waitFor();
    await visit.getByRole('button', { name: 'Confirmar visita' }).click();
    await visit.getByRole('status').filter({ hasText: 'Visita confirmada.' }).waitFor();
    await visit.getByRole('textbox', { name: 'Observações da visita (para a equipe)' }).fill('Telhado cerâmico, face norte sem sombra; padrão bifásico.');
    await visit.getByRole('button', { name: 'Realizada e aprovada' }).click();
    await visit.getByRole('status').filter({ hasText: 'realizada e aprovada' }).waitFor();
    const v = await callApi(portal, `/admin/customers/${visited.id}/visit`, { token: script });
    assert.equal((v.body.data as { status: string }).status, 'ACCOMPLISHED_AND_APPROVED');
    await shotsFitting(page, 'backoffice', 'visit-recorded');
    await page.close();
  });

  test('sales publishes the final proposal', async () => {
    const page = await staffPage('sales', visited.id);
    const panel = region(page, 'Proposta final');
    await panel.getByRole('textbox', { name: 'Potência (kWp)' }).fill('4,4');
    await panel.getByRole('textbox', { name: 'Preço (R$)' }).fill('12490');
    await panel.getByRole('textbox', { name: 'Marca dos módulos' }).fill('Canadian Solar');
    // the initial proposal the customer approved and the technician's notes, beside the form
    await panel.getByRole('definition').first().waitFor();
    await panel.getByText('Telhado cerâmico, face norte sem sombra; padrão bifásico.').waitFor();
    assert.ok(await panel.getByLabel('Proposta inicial', { exact: true }).isVisible());
    // the preview: the customer's figures and the PDF, before anything is published
    await panel.getByRole('button', { name: 'Pré-visualizar' }).click();
    const preview = panel.getByLabel('Pré-visualização da proposta final');
    await preview.waitFor();
    assert.match(await preview.innerText(), /4,4 kWp/);
    assert.match(await preview.innerText(), /12\.490/);
    await panel.getByRole('button', { name: 'Gerar PDF de pré-visualização' }).click();
    await panel.getByRole('link', { name: 'Abrir o PDF como o cliente o receberá' }).waitFor();
    const before = (await callApi(portal, `/portal/customers/${visited.id}/proposal`, { token: visited.token })).body.data as { type: string }[];
    assert.ok(!before.some((p) => p.type === 'FINAL'), 'a preview publishes nothing');
    await shotsFitting(page, 'backoffice', 'final-proposal-preview');
    await panel.getByRole('button', { name: 'Publicar proposta final' }).click();
    await panel.getByRole('status').filter({ hasText: 'Proposta final publicada' }).waitFor();
    const mine = (await callApi(portal, `/portal/customers/${visited.id}/proposal`, { token: visited.token })).body.data as { type: string; price: number }[];
    assert.ok(mine.some((p) => p.type === 'FINAL'), JSON.stringify(mine));
    await page.close();
  });

  test('sales moves a financing request; support is offered no decision and is refused one', async () => {
    assert.equal((await callApi(portal, '/portal/customers/approve/proposal_final', { method: 'PUT', token: visited.token, body: { payment_type: 'FINANCING' } })).status, 200);
    const support = await staffPage('support', visited.id);
    await region(support, 'Pagamento').getByText('financiamento', { exact: false }).first().waitFor();
    assert.equal(await region(support, 'Pagamento').getByRole('button').count(), 0, 'no financing decision offered to support');
    const refused = await callApi(portal, `/admin/customers/${visited.id}/financing`, { method: 'PUT', token: sessions.support, body: { status: 'APPROVED' } });
    assert.deepEqual([refused.status, refused.body.code], [403, 4032]);
    await support.close();

    const page = await staffPage('sales', visited.id);
    const panel = region(page, 'Pagamento');
    await panel.getByRole('textbox', { name: /Nota interna/ }).fill('Banco Solar S.A.');
    await panel.getByRole('button', { name: 'Aprovar financiamento' }).click();
    await panel.getByRole('status').filter({ hasText: 'Financiamento: aprovado.' }).waitFor();
    await panel.getByText('aprovado', { exact: true }).waitFor();
    await page.close();
  });

  test('an analyst denies a document with a reason, then approves the one sent again', async () => {
    const c = await newCustomer();
    await sendApprovableBill(portal, c.token);
    await callApi(portal, `/admin/customers/${c.id}/approve/proposal`, { method: 'PUT', token: c.token });
    for (const type of ['visit.requested', 'visit.confirmed', 'visit.approved']) await staffEvent(c, type);
    const signed = await callApi(portal, '/portal/customers/plans/3/sign', { method: 'POST', token: c.token });
    assert.equal(signed.status, 200);
    // the booking's payment first: an approved sandbox card
    const card = await callApi(portal, '/payments-sandbox/payment_token', {
      body: { method: 'credit_card', data: { number: '4111111111111111', verification_value: '123', first_name: 'Ana', last_name: 'Souza', month: '12', year: String(new Date().getUTCFullYear() + 5) } },
    });
    const paid = await callApi(portal, '/portal/customers/checkout', { token: c.token, body: { client_plan_id: (signed.body.data as { id: number }).id, token: card.body.id } });
    assert.equal(paid.status, 201, JSON.stringify(paid.body));
    const send = async () => {
      const form = new FormData();
      form.append('document', new Blob([readFileSync(join(process.cwd(), 'test', 'fixtures', 'bills', 'photo-bill.png'))], { type: 'image/png' }), 'rg.png');
      const r = await callApi(portal, '/portal/customers/documents', { token: c.token, form });
      assert.ok(r.status < 300, JSON.stringify(r.body));
    };
    await send();
    const page = await staffPage('analyst', c.id);
    const docs = region(page, 'Documentos');
    await docs.getByRole('button', { name: 'Ver arquivo' }).first().click();
    await docs.getByRole('img', { name: /enviado pelo cliente/ }).waitFor().catch(async (e: unknown) => { throw new Error(`${String(e)}\n${await docs.innerText()}`); });
    await docs.getByRole('button', { name: 'Girar' }).click();
    await shotsFitting(page, 'backoffice', 'document-review');
    await docs.getByRole('textbox', { name: /Motivo da recusa/ }).first().fill('Foto cortada; envie o documento inteiro.');
    await docs.getByRole('button', { name: 'Recusar' }).first().click();
    await docs.getByRole('status').filter({ hasText: 'recusado' }).waitFor();
    const mine = (await callApi(portal, '/portal/customers/documents', { token: c.token })).body.data as { status: string; justification: string | null }[];
    assert.ok(mine.some((d) => d.status === 'DENIED' && d.justification === 'Foto cortada; envie o documento inteiro.'), JSON.stringify(mine));
    await send();
    await page.reload();
    await region(page, 'Documentos').getByRole('button', { name: 'Aprovar' }).first().click();
    await region(page, 'Documentos').getByRole('status').filter({ hasText: 'aprovado' }).waitFor();
    const after = (await callApi(portal, '/portal/customers/documents', { token: c.token })).body.data as { status: string }[];
    assert.ok(after.some((d) => d.status === 'APPROVED'), JSON.stringify(after));
    await page.close();
  });

  test('support advances a project through all seven statuses and posts on the mural, which the customer sees', async () => {
    const c = await newCustomer();
    await sendApprovableBill(portal, c.token);
    await callApi(portal, `/admin/customers/${c.id}/approve/proposal`, { method: 'PUT', token: c.token });
    for (const type of ['visit.requested', 'visit.confirmed', 'visit.approved', 'plan.signed', 'checkout.completed', 'contract.signed']) await staffEvent(c, type);
    const page = await staffPage('support', c.id);
    const project = region(page, 'Projeto');
    for (let i = 0; i < 7; i++) {
      const button = project.getByRole('button', { name: /^Avançar para: / });
      const label = (await button.textContent())?.replace('Avançar para: ', '') ?? '';
      if (i === 1) {
        await project.getByRole('textbox', { name: /Protocolo/ }).fill(`PRT-${process.pid}`);
        await project.getByRole('textbox', { name: /Prazo da distribuidora/ }).fill('15');
        await project.getByRole('radio', { name: 'Dias úteis' }).check({ force: true });
      }
      await button.click();
      await project.getByRole('status').filter({ hasText: `Projeto: ${label}.` }).waitFor();
      await project.locator('[aria-current="step"]', { hasText: label }).waitFor();
    }
    assert.equal(await project.getByRole('button', { name: /^Avançar para: / }).count(), 0, 'nothing after the last status');
    // the distributor's protocol and deadline, as recorded
    await project.getByText(`protocolo PRT-${process.pid}`, { exact: false }).waitFor();
    await project.getByText('Prazo: 15 dias úteis.').waitFor();
    await project.getByRole('textbox', { name: 'Mensagem no mural do cliente' }).fill('Seu sistema está ligado. Bem-vindo à energia solar!');
    await project.getByRole('button', { name: 'Publicar no mural' }).click();
    await project.getByRole('status').filter({ hasText: 'Mensagem publicada no mural.' }).waitFor();
    await shotsFitting(page, 'backoffice', 'project');
    await page.close();

    const { page: customer } = await newPage(browser, DESKTOP);
    await openSignedIn(customer, portal, c, '/pt/project-status');
    await customer.getByText('Seu sistema está ligado. Bem-vindo à energia solar!').waitFor();
    await customer.close();
  });

  test('an admin reads the audit log filtered by action and ends a member\'s sessions, which then stop working', async () => {
    const page = await signedInAs('admin', '/staff/auditoria');
    await page.getByRole('heading', { name: 'Auditoria', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: /^Ação/ }).fill('visit:');
    await page.getByRole('button', { name: 'Filtrar' }).click();
    const rows = page.getByRole('region', { name: 'Registros' }).locator('tbody tr');
    await rows.first().waitFor();
    const actions = await rows.locator('td:nth-child(3)').allTextContents();
    assert.ok(actions.length > 0 && actions.every((a) => a.startsWith('visit:')), actions.join(', '));
    await page.getByRole('cell', { name: invites.scheduler.email }).first().waitFor();
    await shotsFitting(page, 'backoffice', 'audit');

    await page.getByRole('button', { name: 'Equipe' }).click();
    await page.getByRole('heading', { name: 'Equipe', level: 1 }).waitFor();
    assert.equal((await callApi(portal, '/admin/auth/session', { token: sessions.support })).status, 200);
    await page.getByRole('button', { name: 'Encerrar sessões de Equipe support' }).click();
    await page.getByRole('status').filter({ hasText: 'Equipe support: 1 sessão encerrada.' }).waitFor();
    assert.equal((await callApi(portal, '/admin/auth/session', { token: sessions.support })).status, 401);
    await shotsFitting(page, 'backoffice', 'team');
    await page.close();
  });
});
