/**
 * The scheduler's agenda in Chromium (/staff/agenda): a scheduler finds a requested visit in its
 * week, reschedules it with the date picker (unavailable days struck through by the shared rule)
 * and confirms it; an admin blocks a day with a reason and opens it again. Members enrol through
 * the API and the browser is given their session as the sign-in leaves it (as backoffice-work.e2e.ts).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, callApi, launchBrowser, newPage, sendApprovableBill, shotsFitting, signUpThroughApi, startPortal, type E2eCustomer, type RunningPortal, staffCli } from './support';
import { totpCode } from '../../src/server/staff/factor';
import { brazilDay, dayNumber } from '../../src/shared/calendar';
import { mondayOf, staffRescheduleSlots, visitTimeZone } from '../../src/shared/visit/agenda';
import { localClockAt } from '../../src/shared/visit/rules';
import type { StaffRole } from '../../src/shared/staff/roles';

let portal: RunningPortal;
let browser: Browser;
const ROLES = ['scheduler', 'admin'] as const satisfies readonly StaffRole[];
const invites = {} as Record<(typeof ROLES)[number], { email: string; invite: string }>;
const sessions = {} as Record<(typeof ROLES)[number], string>;

before(async () => {
  portal = await startPortal({ QUEUE_POLL_MS: '200' }, {
    beforeStart: async (dataDir) => {
      const cli = staffCli(dataDir);
      for (const role of ROLES) {
        const email = `${role}.agenda.${process.pid}@empresa.com.br`;
        const out = await cli('invite', '--name', `Equipe ${role}`, '--email', email, '--role', role);
        invites[role] = { email, invite: /#([A-Za-z0-9_-]+)$/m.exec(out.stdout)?.[1] ?? '' };
      }
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

const NAME = 'Cliente Agenda Teste';

/** A customer whose initial proposal is approved and who booked a visit at 10:00 a few days ahead. */
async function customerWithVisit(): Promise<E2eCustomer & { date: string }> {
  const c = await signUpThroughApi(portal, `5511977${String(process.pid % 1000).padStart(3, '0')}001`, 'backoffice-agenda', { name: NAME });
  await sendApprovableBill(portal, c.token);
  assert.equal((await callApi(portal, `/admin/customers/${c.id}/approve/proposal`, { method: 'PUT', token: c.token })).status, 200);
  for (let ahead = 3; ahead < 14; ahead++) {
    const date = new Date(Date.now() + ahead * 86_400_000).toISOString().slice(0, 10);
    const booked = await callApi(portal, '/portal/customers/scheduling', {
      token: c.token,
      body: { date, time: '10:00', phone: '(11) 98765-4321', cep: '01310-100', address: 'Avenida Paulista', number: '1000', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' },
    });
    if (booked.status < 300) return { ...c, date };
  }
  throw new Error('no day to book');
}

async function signedInAs(role: (typeof ROLES)[number], path: string): Promise<Page> {
  const { page } = await newPage(browser, DESKTOP);
  await page.goto(`${portal.url}/staff/entrar`);
  await page.evaluate((token) => sessionStorage.setItem('staff:session', token), sessions[role]);
  await page.goto(`${portal.url}${path}`);
  await page.getByRole('heading', { name: 'Agenda de visitas', level: 1 }).waitFor();
  return page;
}

/** The next week, once it is shown. */
async function nextWeek(page: Page): Promise<void> {
  const title = page.getByText(/^Semana de /);
  const before = await title.textContent();
  await page.getByRole('button', { name: 'Próxima semana' }).click();
  await page.waitForFunction((was) => !document.body.innerText.includes(was ?? ''), before);
  await page.getByText('nesta semana.').waitFor();
}

/** Pages forward from the week shown to the week of `day`. */
async function goToWeekOf(page: Page, day: string, from = brazilDay(new Date())): Promise<void> {
  const weeks = (dayNumber(mondayOf(day)) - dayNumber(mondayOf(from))) / 7;
  for (let i = 0; i < weeks; i++) await nextWeek(page);
}

const status = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });

describe('the scheduler\'s agenda', () => {
  test('a scheduler sees the visit in its week, reschedules it with the date picker, then confirms it', async () => {
    const c = await customerWithVisit();
    const page = await signedInAs('scheduler', '/staff/agenda');
    await goToWeekOf(page, c.date);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: `${NAME}: abrir a página do cliente` }) });
    await card.getByText('Agendamento solicitado').waitFor();
    await card.getByText('10:00').waitFor();
    await shotsFitting(page, 'backoffice', 'agenda-week');

    // the new day: the first one after the visit's that the shared rule offers 15:00 on
    const now = localClockAt(new Date(), visitTimeZone('SP'));
    let target = '';
    for (let n = dayNumber(c.date) + 1; !target; n++) {
      const day = new Date(n * 86_400_000).toISOString().slice(0, 10);
      if (staffRescheduleSlots({ date: c.date, time: '10:00' }, day, now, { uf: 'SP' }).includes('15:00')) target = day;
    }
    await card.getByRole('button', { name: `Remarcar a visita de ${NAME}` }).click();
    const dialog = page.getByRole('dialog', { name: `Remarcar a visita de ${NAME}` });
    await dialog.getByRole('button', { name: 'Abrir calendário' }).click();
    const picker = page.getByRole('dialog', { name: 'Escolha o novo dia' });
    const spoken = new Intl.DateTimeFormat('pt-BR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${target}T12:00:00Z`));
    const cell = picker.getByRole('button', { name: new RegExp(`, ${spoken}$`) });
    if (!(await cell.isVisible())) await picker.getByRole('button', { name: 'Próximo mês' }).click();
    await shotsFitting(page, 'backoffice', 'agenda-picker');
    await cell.click();
    // the slot's card, clicked as a person does (the radio itself is visually hidden)
    await dialog.locator('label').filter({ hasText: /^15:00$/ }).click();
    await dialog.getByText(`Nova data: ${target.split('-').reverse().join('/')} às 15:00.`).waitFor();
    await dialog.getByRole('button', { name: 'Remarcar visita' }).click();
    await status(page, 'remarcada para').waitFor();
    let visit = (await callApi(portal, `/admin/customers/${c.id}/visit`, { token: sessions.scheduler })).body.data as { date: string; time: string; status: string };
    assert.deepEqual([visit.date, visit.time, visit.status], [target, '15:00', 'UNCONFIRMED_APPOINTMENT']);
    const told = (await callApi(portal, '/portal/notifications', { token: c.token })).body.data as { message: string }[];
    assert.match(told[0]?.message ?? '', /remarcou sua visita técnica para .* às 15:00/);

    // the visit is now on its new day (perhaps the next week)
    await goToWeekOf(page, target, c.date);
    const moved = page.getByRole('list', { name: /^Visitas de / }).getByRole('listitem').filter({ hasText: '15:00' });
    await moved.getByRole('button', { name: `Confirmar a visita de ${NAME}` }).click();
    await status(page, `Visita de ${NAME} confirmada.`).waitFor();
    await moved.getByText('Agendamento confirmado').waitFor();
    visit = (await callApi(portal, `/admin/customers/${c.id}/visit`, { token: sessions.scheduler })).body.data as typeof visit;
    assert.equal(visit.status, 'CONFIRMED_SCHEDULE');
    await shotsFitting(page, 'backoffice', 'agenda-confirmed');

    // the customer's name opens their page
    await moved.getByRole('button', { name: `${NAME}: abrir a página do cliente` }).click();
    await page.getByRole('heading', { name: 'Visita técnica', level: 2 }).waitFor();
    // where the same reschedule form is offered too
    const panel = page.getByRole('region', { name: 'Visita técnica' });
    await panel.getByRole('button', { name: 'Remarcar visita' }).click();
    await panel.getByRole('button', { name: 'Abrir calendário' }).waitFor();
    await panel.getByText(`Visita atual: ${target.split('-').reverse().join('/')} às 15:00.`, { exact: false }).waitFor();
    await panel.getByRole('button', { name: 'Manter horário atual' }).click();
    await panel.getByRole('button', { name: 'Remarcar visita' }).waitFor();
    await page.close();
  });

  test('an admin blocks a day with a reason and opens it again; no visit actions for an admin', async () => {
    const page = await signedInAs('admin', '/staff/agenda');
    await nextWeek(page);
    const saturday = page.getByRole('button', { name: /^Bloquear dia sábado/ });
    const label = (await saturday.getAttribute('aria-label')) ?? '';
    await saturday.click();
    const dialog = page.getByRole('dialog', { name: label });
    await dialog.getByRole('textbox', { name: 'Motivo (opcional)' }).fill('Manutenção da frota');
    await dialog.getByRole('button', { name: 'Bloquear dia' }).click();
    await status(page, 'bloqueado para visitas').waitFor();
    await page.getByText('Bloqueado: Manutenção da frota').waitFor();
    const blocked = (await callApi(portal, '/admin/config-calendar', { token: sessions.admin })).body.data as { day: string; reason: string }[];
    assert.deepEqual(blocked.map((b) => b.reason), ['Manutenção da frota']);
    assert.equal(await page.getByRole('button', { name: /^Confirmar a visita/ }).count(), 0, 'no visit actions for an admin');
    await shotsFitting(page, 'backoffice', 'agenda-blocked');

    await page.getByRole('button', { name: /^Desbloquear sábado/ }).click();
    await status(page, 'aberto para visitas').waitFor();
    assert.deepEqual((await callApi(portal, '/admin/config-calendar', { token: sessions.admin })).body.data, []);
    await page.close();
  });
});
