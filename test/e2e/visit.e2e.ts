/**
 * Issue 5, the technical visit in Chromium against the production build and a real server: a
 * customer whose initial proposal is approved (sign-up, a readable PDF bill the analysis job
 * approves, the proposal approved with the customer's own token) books a visit once with a CEP a
 * local ViaCEP-protocol server answers (the portal points at it through VIACEP_URL), and once with
 * the lookup unreachable (manual address entry), and each sees the 'Agendamento solicitado' banner.
 * Screenshots at phone and desktop sizes land in test-results/screens (visit-*).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import {
  DESKTOP, PHONE, callApi, launchBrowser, newPage, openSignedIn as openSignedInAt, sendApprovableBill, shot, shotBoth as shotBothSizes,
  signUpThroughApi, startPortal, type ApiInit, type E2eCustomer, type RunningPortal,
} from './support';
import { messages as m } from '../../src/shared/messages';
import { startFakeCepServer, type FakeCepServer } from '../support/viacep';

let portal: RunningPortal;
let browser: Browser;
let cep: FakeCepServer;

before(async () => {
  cep = await startFakeCepServer();
  // the same local server also answers BrasilAPI's protocol: 'down' takes both providers out
  portal = await startPortal({ QUEUE_POLL_MS: '200', VIACEP_URL: cep.url, CEP_FALLBACK_URL: cep.url, CEP_TIMEOUT_MS: '1500' });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await portal?.stop();
  await cep?.close();
});

const api = (path: string, init?: ApiInit) => callApi(portal, path, init);

type Customer = E2eCustomer;

/** Sign-up as the screens do, the one-time simulation, a readable PDF bill the assistant approves, and the initial proposal approved. */
async function customerAtVisit(prefix: string, name: string): Promise<Customer> {
  const phone = `55119${prefix}${String(process.pid % 1_000_000).padStart(6, '0')}`;
  const customer = await signUpThroughApi(portal, phone, `visit-e2e-${prefix}`, { name, city: 3550308 /* São Paulo */ });
  await sendApprovableBill(portal, customer.token);
  const approved = await api(`/admin/customers/${customer.id}/approve/proposal`, { method: 'PUT', token: customer.token });
  assert.equal(approved.status, 200, JSON.stringify(approved.body));
  return customer;
}

async function openSignedIn(customer: Customer, path: string, viewport: { width: number; height: number } = DESKTOP): Promise<Page> {
  const { page } = await newPage(browser, viewport);
  await openSignedInAt(page, portal, customer, path);
  return page;
}

const shotBoth = (page: Page, name: string) => shotBothSizes(page, 'visit', name);

async function pickFirstBookableDay(page: Page): Promise<string> {
  for (let month = 0; month < 2; month++) {
    const cell = page.locator('[role="grid"] td [role="button"]:not([aria-disabled="true"])').first();
    if (await cell.count()) {
      const label = (await cell.getAttribute('aria-label')) ?? '';
      await cell.click();
      return label;
    }
    await page.getByRole('button', { name: 'Próximo mês' }).click();
  }
  throw new Error('no bookable day in two months');
}

/** A time slot, clicked on its card as a person does; then it must be the checked one. */
async function pickSlot(page: Page, time: string): Promise<void> {
  await page.locator('label').filter({ hasText: new RegExp(`^${time}$`) }).click();
  await page.waitForFunction((t) => (document.querySelector(`input[type="radio"][value="${t}"]`) as HTMLInputElement | null)?.checked === true, time);
}

const field = (page: Page, label: string) => page.getByRole('textbox', { name: new RegExp(`^${label}`) });

describe('technical visit in the browser', () => {
  test('booked with the CEP lookup filling and locking the address', { timeout: 180_000 }, async () => {
    const customer = await customerAtVisit('61', 'Rita Moraes');
    const page = await openSignedIn(customer, '/pt/technical-visit');
    await page.getByRole('heading', { level: 1, name: 'Visita técnica' }).waitFor();
    await shotBoth(page, 'form');
    // 320 px wide (a phone at 200 % zoom): nothing scrolls sideways
    await page.setViewportSize({ width: 320, height: 700 });
    assert.deepEqual(await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]), [320, 320]);
    // and the calendar's weekday names do not run into each other
    const crowded = await page.evaluate(() => [...document.querySelectorAll('[role="grid"] th')].filter((th) => {
      const text = document.createRange();
      text.selectNodeContents(th);
      return text.getBoundingClientRect().width > th.getBoundingClientRect().width - 2;
    }).map((th) => th.textContent));
    assert.deepEqual(crowded, []);
    await shot(page, 'visit-form-320');
    await page.setViewportSize(DESKTOP);
    await field(page, 'CEP').fill('01310100');
    await page.waitForFunction(() => (document.querySelector('input[name="address"]') as HTMLInputElement | null)?.value === 'Avenida Paulista');
    assert.equal(await field(page, 'Endereço').getAttribute('readonly'), '');
    assert.equal(await field(page, 'Cidade').inputValue(), 'São Paulo');
    assert.ok(cep.requests.includes('/ws/01310100/json/'));
    // no day yet: the spec's message, nothing sent
    await page.getByRole('button', { name: m['visit.submit'] }).click();
    await page.getByText(m['visit.dayAndTime.required']).waitFor();
    // the keyboard is put on the calendar's first bookable day, the first thing to fix
    const focusedDay = await page.evaluate(() => document.activeElement?.closest('[role="grid"]') ? document.activeElement.getAttribute('aria-label') : null);
    assert.match(focusedDay ?? '', /Primeira data disponível/);
    await shotBoth(page, 'missing-day');
    const dayLabel = await pickFirstBookableDay(page);
    // the day's last slot: at least 24 hours away, so the visit can still be cancelled below
    await pickSlot(page, '17:00');
    await field(page, 'Número').fill('1578');
    await shotBoth(page, 'filled');
    await page.getByRole('button', { name: m['visit.submit'] }).click();
    await page.getByText(m['visit.status.UNCONFIRMED_APPOINTMENT']).first().waitFor();
    await page.getByText(m['visit.booked']).first().waitFor();
    // the details replaced the form under the keyboard: focus is on the status banner
    assert.match(await page.evaluate(() => document.activeElement?.textContent ?? ''), new RegExp(m['visit.status.UNCONFIRMED_APPOINTMENT']));
    await shotBoth(page, 'requested');
    // by keyboard: 'Cancelar visita' asks first (an alertdialog), Esc closes it and gives focus back
    const cancel = page.getByRole('button', { name: 'Cancelar visita' });
    await cancel.focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', { name: 'Cancelar a visita?' });
    await confirm.waitFor();
    await shotBoth(page, 'cancel-dialog');
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    // react-aria gives focus back on the frame after the dialog unmounts, so wait a moment for it
    await page.waitForFunction((el) => el === document.activeElement, await cancel.elementHandle(), { timeout: 2_000 });
    const booked = (await api('/portal/customers/scheduling', { token: customer.token })).body.data as Record<string, string>;
    assert.equal(booked.status, 'UNCONFIRMED_APPOINTMENT');
    assert.equal(booked.address, 'Avenida Paulista');
    assert.equal(booked.time, '17:00');
    assert.ok(dayLabel.includes(String(Number(String(booked.date).slice(8)))), `${dayLabel} vs ${booked.date}`);
    const steps = (await api('/portal/customers/steps', { token: customer.token })).body.data as { type: string; status: string }[];
    assert.ok(steps.some((st) => st.type === 'TECHNICAL_VISIT' && st.status === 'PENDING'));
    await page.context().close();
  });

  test('booked on a phone with the lookup unreachable: the spec message, then the address typed by hand', { timeout: 180_000 }, async () => {
    const customer = await customerAtVisit('62', 'Otávio Prado');
    cep.mode = 'down';
    const page = await openSignedIn(customer, '/pt/technical-visit', PHONE);
    await page.getByRole('heading', { level: 1, name: 'Visita técnica' }).waitFor();
    await field(page, 'CEP').fill('20040-020');
    await page.getByText(m['cep.unavailable']).waitFor();
    await shot(page, 'visit-cep-unavailable-phone');
    await field(page, 'Endereço').fill('Praça Floriano');
    await field(page, 'Bairro').fill('Centro');
    await field(page, 'Número').fill('51');
    await field(page, 'Complemento').fill('sala 3');
    await field(page, 'Cidade').fill('Rio de Janeiro');
    await field(page, 'Estado').fill('RJ');
    await pickFirstBookableDay(page);
    await pickSlot(page, '14:00');
    await page.getByRole('button', { name: m['visit.submit'] }).click();
    await page.getByText(m['visit.status.UNCONFIRMED_APPOINTMENT']).first().waitFor();
    await shot(page, 'visit-manual-requested-phone');
    const booked = (await api('/portal/customers/scheduling', { token: customer.token })).body.data as Record<string, string>;
    assert.equal(booked.cep, '20040020');
    assert.equal(booked.address, 'Praça Floriano');
    assert.equal(booked.complement, 'sala 3');
    cep.mode = 'ok';
    await page.context().close();
  });
});
