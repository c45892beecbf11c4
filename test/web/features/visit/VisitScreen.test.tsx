// @vitest-environment happy-dom
// @vitest-environment-options { "url": "file:///" }
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VisitFlow } from '../../../../src/web/features/visit/VisitScreen';
import { createApi, type Api } from '../../../../src/web/api/client';
import { queues } from '../../../../src/web/ui/Toast/toastQueue';
import { brasilApiCep, createCepLookup, viaCep } from '../../../../src/server/providers/cep/index';
import { createStaff } from '../../../../src/server/staff/service';
import { messages as m } from '#shared/messages';
import { createTestServer, testClock, type TestServer } from '../../../support/server';
import { call, signUpNewCustomer } from '../../../support/flows';
import { startFakeCepServer, type FakeCepServer } from '../../../support/viacep';
import { processDriver, toTechnicalVisit, type ServerCustomer } from '../../../paths/serverProcess';
import { findLoadedPage } from '../../../support/screens';

/**
 * The technical-visit page in happy-dom against the in-process server, with a local server that
 * speaks ViaCEP's protocol behind the CEP lookup. The clock: Monday 23 November 2026, 10:00 in São
 * Paulo, so Tuesday 24 is the first bookable day and Sunday 29 never is.
 */
configure({ asyncUtilTimeout: 10_000 });
const MONDAY_10H_SP = new Date('2026-11-23T13:00:00Z');

let server: TestServer;
let driver: ReturnType<typeof processDriver>;
let cep: FakeCepServer;
let staff: string;
beforeAll(async () => {
  server = await createTestServer({ clock: testClock(MONDAY_10H_SP) });
  cep = await startFakeCepServer();
  server.deps.cep = createCepLookup({ providers: [viaCep({ baseUrl: cep.url }), brasilApiCep({ baseUrl: cep.url })], timeoutMs: 5000, ttlMs: 0, clock: server.clock });
  staff = (await createStaff(server.db, server.clock, 'Lia', `lia.visit.${process.pid}@empresa.com.br`)).token;
  driver = processDriver(server, staff);
});
afterAll(async () => { await server?.close(); await cep?.close(); });
beforeEach(() => { cep.mode = 'ok'; server.clock.set(MONDAY_10H_SP); });
afterEach(() => { cleanup(); for (const q of Object.values(queues)) q.clear(); });

async function customerAtVisit(): Promise<ServerCustomer> {
  const c = await signUpNewCustomer(server);
  const me = await call(server, 'GET', '/portal/customers', undefined, { token: c.token });
  const customer = { id: Number(me.body.id), token: c.token, phone: c.phone };
  await driver.move(customer, toTechnicalVisit);
  return customer;
}

function renderVisit(c: ServerCustomer, wrap: (api: Api) => Api = (api) => api) {
  const api: Api = wrap(createApi({ fetch: server.fetch, origin: 'http://portal.test', getToken: () => c.token }));
  const seen = { menu: 0, went: [] as string[] };
  render(<VisitFlow getApi={() => Promise.resolve(api)} now={() => server.clock.now()} onMenuChanged={() => { seen.menu++; }} onNavigate={(p) => { seen.went.push(p); }} />);
  return seen;
}
const isDisabled = (el: HTMLElement) => el.hasAttribute('disabled') || el.getAttribute('aria-disabled') === 'true' || el.hasAttribute('data-disabled');
const toasts = () => Object.values(queues).flatMap((q) => q.visibleToasts.map((t) => t.content.message));
const field = (label: string) => screen.getByRole('textbox', { name: new RegExp(`^${label}`) }) as HTMLInputElement;
const day = (n: number) => screen.getByRole('button', { name: new RegExp(`\\b${n} de novembro de 2026`) });
const visitOf = async (c: ServerCustomer) => (await call(server, 'GET', '/portal/customers/scheduling', undefined, { token: c.token })).body.data as Record<string, unknown> | null;

describe('technical visit page', () => {
  it('books with the CEP lookup: fields filled and locked, day and slot chosen, then the requested banner and a menu reload', async () => {
    const user = userEvent.setup();
    const c = await customerAtVisit();
    const seen = renderVisit(c);
    expect(await findLoadedPage('Visita técnica')).toBeTruthy();
    // the calendar follows the shared rules: today, Sunday and the cut-off are unavailable
    expect(day(23).getAttribute('aria-disabled')).toBe('true');
    expect(day(29).getAttribute('aria-disabled')).toBe('true');
    expect(day(24).getAttribute('aria-disabled')).toBeNull();
    // the phone comes from the profile, masked
    expect(field('Telefone').value).toMatch(/^\(11\) 9\d{4}-\d{4}$/);
    await user.type(field('CEP'), '01310100');
    expect(field('CEP').value).toBe('01310-100');
    await waitFor(() => expect(field('Endereço').value).toBe('Avenida Paulista'));
    expect(field('Bairro').value).toBe('Bela Vista');
    expect(field('Cidade').value).toBe('São Paulo');
    expect(field('Estado').value).toBe('SP');
    expect(field('Endereço').readOnly).toBe(true);
    expect(field('Número').readOnly).toBe(false);
    expect(cep.requests).toContain('/ws/01310100/json/');

    await user.click(screen.getByRole('button', { name: m['visit.submit'] }));
    expect(await screen.findByText(m['visit.dayAndTime.required'])).toBeTruthy();
    expect(screen.getByText(m['common.form.required'])).toBeTruthy(); // Número
    expect(await visitOf(c)).toBeNull();

    await user.click(day(24));
    await user.click(screen.getByRole('radio', { name: '09:00' }));
    expect(screen.queryByRole('radio', { name: '13:00' })).toBeNull();
    await user.type(field('Número'), '1000');
    await user.click(screen.getByRole('button', { name: m['visit.submit'] }));
    await waitFor(() => expect(screen.getByText(m['visit.status.UNCONFIRMED_APPOINTMENT'])).toBeTruthy());
    expect(screen.getByText(/24\/11\/2026 às 09:00/)).toBeTruthy();
    expect(toasts()).toContain(m['visit.booked']);
    // spec §8: a first booking is 'marcada'; a new time is 'agendada' (docs/decisions/0013-technical-visit.md)
    expect(toasts()).toContain('Visita técnica marcada com sucesso!');
    expect(seen.menu).toBe(1);
    expect(await visitOf(c)).toMatchObject({ status: 'UNCONFIRMED_APPOINTMENT', date: '2026-11-24', time: '09:00', cep: '01310100', number: '1000', address: 'Avenida Paulista' });
    const details = within(screen.getByLabelText('Dados da visita'));
    expect(details.getByText('Avenida Paulista')).toBeTruthy();
    expect(details.getByText('01310-100')).toBeTruthy();
  });

  it("starts from the state and city given at sign-up; a phone whose DDD starts with 0 is refused while typing, a short one when left", async () => {
    const user = userEvent.setup();
    const c = await customerAtVisit();
    renderVisit(c);
    await findLoadedPage('Visita técnica');
    expect(field('Estado').value).toBe('SP');
    expect(field('Cidade').value).toBe('São Paulo');
    expect(field('Endereço').value).toBe('');

    const phone = field('Telefone');
    await user.clear(phone);
    await user.type(phone, '01');
    // said at once, before any submit
    await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(m['visit.phone.areaCode'])).toBeTruthy();
    await user.clear(phone);
    await user.type(phone, '1198765');
    expect(phone.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText(m['visit.phone.areaCode'])).toBeNull();
    // incomplete is fine while typing, not once the field is left
    expect(screen.queryByText(m['visit.phone.invalid'])).toBeNull();
    await user.tab();
    expect(await screen.findByText(m['visit.phone.invalid'])).toBeTruthy();
    await user.click(phone);
    await user.type(phone, '4321');
    await user.tab();
    expect(phone.value).toBe('(11) 98765-4321');
    expect(screen.queryByText(m['visit.phone.invalid'])).toBeNull();
  });

  it('lookup unreachable: the spec message, then the address typed by hand books the visit', async () => {
    const user = userEvent.setup();
    const c = await customerAtVisit();
    const sent: unknown[] = [];
    renderVisit(c, (api) => ({ ...api, bookVisit: (request) => { sent.push(request); return api.bookVisit(request); } }));
    await findLoadedPage('Visita técnica');
    cep.mode = 'down';
    await user.type(field('CEP'), '20040-020');
    expect(await screen.findByText(m['cep.unavailable'])).toBeTruthy();
    expect(field('Endereço').readOnly).toBe(false);
    await user.type(field('Endereço'), 'Praça Floriano');
    await user.type(field('Bairro'), 'Centro');
    await user.type(field('Número'), '51');
    // the sign-up's state and city were filled in: this address is elsewhere
    await user.clear(field('Cidade'));
    await user.type(field('Cidade'), 'Rio de Janeiro');
    await user.clear(field('Estado'));
    await user.type(field('Estado'), 'rj');
    await user.click(day(25));
    await user.click(screen.getByRole('radio', { name: '14:00' }));
    await user.click(screen.getByRole('button', { name: m['visit.submit'] }));
    await waitFor(() => expect(screen.getByText(m['visit.status.UNCONFIRMED_APPOINTMENT'])).toBeTruthy());
    expect(await visitOf(c)).toMatchObject({ cep: '20040020', address: 'Praça Floriano', state: 'RJ', time: '14:00' });
    // spec §5: phone and CEP go digits only
    expect(sent).toEqual([expect.objectContaining({ cep: '20040020', phone: expect.stringMatching(/^\d{11}$/), date: '2026-11-25', time: '14:00' })]);
  });

  it('an unknown CEP says so; a failed booking keeps everything typed and says why', async () => {
    const user = userEvent.setup();
    const c = await customerAtVisit();
    renderVisit(c);
    await findLoadedPage('Visita técnica');
    await user.type(field('CEP'), '99999999');
    expect(await screen.findByText(m['cep.notFound'])).toBeTruthy();
    await user.clear(field('CEP'));
    await user.type(field('CEP'), '01310100');
    await waitFor(() => expect(field('Endereço').value).toBe('Avenida Paulista'));
    await user.type(field('Número'), '10');
    await user.click(day(24));
    await user.click(screen.getByRole('radio', { name: '10:00' }));
    // staff block the day meanwhile: the server refuses, nothing typed is lost
    await driver.staff('PUT', '/config-calendar/2026-11-24', { reason: 'Equipe em treinamento' });
    await user.click(screen.getByRole('button', { name: m['visit.submit'] }));
    await waitFor(() => expect(toasts()).toContain(m['visit.dateUnavailable']));
    expect(field('Número').value).toBe('10');
    expect(field('Endereço').value).toBe('Avenida Paulista');
    expect(await visitOf(c)).toBeNull();
    await driver.staff('DELETE', '/config-calendar/2026-11-24');
  });

  it('cancel after a confirmation opens the form again; within 24 hours it is refused with the spec message', async () => {
    const user = userEvent.setup();
    const c = await customerAtVisit();
    const booking = { time: '09:00', phone: '11987654321', cep: '01310100', address: 'Avenida Paulista', number: '1', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' };
    await call(server, 'POST', '/portal/customers/scheduling', { ...booking, date: '2026-11-24' }, { token: c.token });
    renderVisit(c);
    await screen.findByText(m['visit.status.UNCONFIRMED_APPOINTMENT']);
    await user.click(screen.getByRole('button', { name: 'Cancelar visita' }));
    await waitFor(() => expect(toasts()).toContain(m['visit.tooClose']));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    cleanup();

    server.clock.set(new Date('2026-11-23T11:00:00Z')); // 08:00: the visit is 25 hours away
    const seen = renderVisit(c);
    await screen.findByText(m['visit.status.UNCONFIRMED_APPOINTMENT']);
    await user.click(screen.getByRole('button', { name: 'Cancelar visita' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    await user.click(dialog.getByRole('button', { name: 'Cancelar visita' }));
    await waitFor(() => expect(screen.getByRole('button', { name: m['visit.submit'] })).toBeTruthy());
    expect(toasts()).toContain(m['visit.cancelled']);
    expect(seen.menu).toBe(1);
    expect(await visitOf(c)).toBeNull();
    // the page says which visit was cancelled, and a new booking needs only a day and a slot
    expect(screen.getByText(m['visit.cancelledNotice'].replace('{when}', '24/11/2026 às 09:00'))).toBeTruthy();
    expect(field('Endereço').value).toBe('Avenida Paulista');
    expect(field('CEP').value).toBe('01310-100');
    expect(field('Bairro').value).toBe('Bela Vista');
    expect(field('Telefone').value).toBe('(11) 98765-4321');
  });

  it('a visit staff cancelled: the page says so and the new booking starts from its address', async () => {
    const user = userEvent.setup();
    const c = await customerAtVisit();
    const booking = { time: '10:00', phone: '11987654321', cep: '01310100', address: 'Avenida Paulista', number: '77', complement: 'casa 2', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' };
    const booked = await call(server, 'POST', '/portal/customers/scheduling', { ...booking, date: '2026-11-26' }, { token: c.token });
    expect(booked.status).toBe(201);
    expect((await call(server, 'PUT', `/admin/customers/${c.id}/visit`, { status: 'CANCELLED' }, { token: staff })).status).toBe(200);
    renderVisit(c);
    await screen.findByText(m['visit.cancelledNotice'].replace('{when}', '26/11/2026 às 10:00'));
    expect(field('Número').value).toBe('77');
    expect(field('Complemento').value).toBe('casa 2');
    await user.click(day(27));
    await user.click(screen.getByRole('radio', { name: '14:00' }));
    await user.click(screen.getByRole('button', { name: m['visit.submit'] }));
    await screen.findByText(m['visit.status.UNCONFIRMED_APPOINTMENT']);
    expect(await visitOf(c)).toMatchObject({ date: '2026-11-27', time: '14:00', number: '77', complement: 'casa 2' });
  });

  it('reschedule after a confirmation: the address kept, a new day and slot, the visit moves', async () => {
    const user = userEvent.setup();
    const c = await customerAtVisit();
    const booking = { time: '09:00', phone: '11987654321', cep: '01310100', address: 'Avenida Paulista', number: '1', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' };
    await call(server, 'POST', '/portal/customers/scheduling', { ...booking, date: '2026-11-25' }, { token: c.token });
    const seen = renderVisit(c);
    await screen.findByText(m['visit.status.UNCONFIRMED_APPOINTMENT']);
    await user.click(screen.getByRole('button', { name: 'Reagendar visita' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    await user.click(dialog.getByRole('button', { name: 'Escolher novo dia' }));
    expect(field('Endereço').value).toBe('Avenida Paulista');
    expect(field('CEP').value).toBe('01310-100');
    expect(screen.getByText(m['visit.reschedule.lead'].replace('{when}', '25/11/2026 às 09:00'))).toBeTruthy();
    await user.click(day(26));
    await user.click(screen.getByRole('radio', { name: '16:00' }));
    await user.click(screen.getByRole('button', { name: m['visit.reschedule.submit'] }));
    await waitFor(() => expect(screen.getByText(/26\/11\/2026 às 16:00/)).toBeTruthy());
    expect(toasts()).toContain(m['visit.rescheduled']);
    expect(toasts()).toContain('Visita técnica agendada com sucesso!');
    expect(toasts()).not.toContain('Visita técnica marcada com sucesso!');
    expect(seen.menu).toBe(1);
    expect(await visitOf(c)).toMatchObject({ date: '2026-11-26', time: '16:00', status: 'UNCONFIRMED_APPOINTMENT' });
  });

  it('the banners of the statuses staff set; no cancel once the visit is done; the plans open once it is accomplished and approved', async () => {
    const c = await customerAtVisit();
    const booking = { time: '11:00', phone: '11987654321', cep: '01310100', address: 'Avenida Paulista', number: '1', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' };
    await call(server, 'POST', '/portal/customers/scheduling', { ...booking, date: '2026-11-27' }, { token: c.token });
    await driver.staff('PUT', `/customers/${c.id}/visit`, { status: 'CONFIRMED_SCHEDULE' });
    renderVisit(c);
    expect(await screen.findByText(m['visit.status.CONFIRMED_SCHEDULE'])).toBeTruthy();
    expect(screen.getByText(/Dia 27\/11\/2026 às 11:00/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancelar visita' })).toBeTruthy();
    // before the visit is approved the plan screen is closed, so its button is too
    expect(isDisabled(within(screen.getByRole('navigation', { name: 'Etapas' })).getByRole('button', { name: m['visit.next'] }))).toBe(true);
    cleanup();
    await driver.staff('PUT', `/customers/${c.id}/visit`, { status: 'ACCOMPLISHED_AND_APPROVED', early: true }); // the clock is before the visit
    renderVisit(c);
    expect(await screen.findByText(m['visit.status.ACCOMPLISHED_AND_APPROVED'])).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancelar visita' })).toBeNull();
    const next = within(screen.getByRole('navigation', { name: 'Etapas' })).getByRole('button', { name: m['visit.next'] });
    expect(isDisabled(next)).toBe(false);
  });

  it('the next-step bar for subscription customers: back to the bill, on to the plans once the visit is approved', async () => {
    const user = userEvent.setup();
    const c = await customerAtVisit();
    const booking = { time: '11:00', phone: '11987654321', cep: '01310100', address: 'Avenida Paulista', number: '1', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' };
    await call(server, 'POST', '/portal/customers/scheduling', { ...booking, date: '2026-11-27' }, { token: c.token });
    await driver.staff('PUT', `/customers/${c.id}/visit`, { status: 'CONFIRMED_SCHEDULE' });
    await driver.staff('PUT', `/customers/${c.id}/visit`, { status: 'ACCOMPLISHED_AND_APPROVED', early: true }); // the clock is before the visit
    const seen = renderVisit(c);
    await findLoadedPage('Visita técnica');
    const bar = within(screen.getByRole('navigation', { name: 'Etapas' }));
    await user.click(bar.getByRole('button', { name: m['visit.back'] }));
    await user.click(bar.getByRole('button', { name: m['visit.next'] }));
    expect(seen.went).toEqual(['/bill', '/plan-signature']);
  });

  it('a visit step PENDING without a visit (staff requested it) disables the submit', async () => {
    const c = await customerAtVisit();
    await driver.move(c, [{ type: 'visit.requested' }]);
    renderVisit(c);
    const submit = await screen.findByRole('button', { name: m['visit.submit'] });
    expect(submit.hasAttribute('disabled') || submit.getAttribute('aria-disabled') === 'true' || submit.hasAttribute('data-disabled')).toBe(true);
    await act(async () => { submit.click(); });
    expect(screen.queryByText(m['visit.dayAndTime.required'])).toBeNull();
  });
});

describe('technical visit page by keyboard', () => {
  const focused = () => document.activeElement as HTMLElement | null;

  it('the calendar opens on the first bookable day, a refused submit puts the keyboard on what to fix, and the booked banner takes the focus', async () => {
    const user = userEvent.setup();
    const c = await customerAtVisit();
    renderVisit(c);
    await findLoadedPage('Visita técnica');
    // Monday 10:00: today is not bookable, Tuesday 24 is; Tab lands there, not on an unavailable today
    const grid = screen.getByRole('grid');
    const tabbable = grid.querySelectorAll('[tabindex="0"]');
    expect(tabbable).toHaveLength(1);
    expect(tabbable[0]!.getAttribute('aria-label')).toMatch(/24 de novembro de 2026/);
    expect(day(23).getAttribute('aria-label')).not.toMatch(/Primeira data disponível/);
    // the calendar pages to December (bookable until Wednesday 23) and no further
    const nextMonth = screen.getByRole('button', { name: 'Próximo mês' });
    await user.click(nextMonth);
    await screen.findByRole('heading', { name: /dezembro de 2026/i });
    expect(nextMonth.hasAttribute('disabled') || nextMonth.getAttribute('aria-disabled') === 'true').toBe(true);
    await user.click(screen.getByRole('button', { name: 'Mês anterior' }));
    await screen.findByRole('heading', { name: /novembro de 2026/i });
    // required fields say so to screen readers (the asterisk is hidden from them); nothing is marked wrong yet
    for (const label of ['Telefone', 'CEP', 'Endereço', 'Bairro', 'Número', 'Cidade', 'Estado']) expect(field(label).getAttribute('aria-required')).toBe('true');
    expect(field('Complemento').getAttribute('aria-required')).toBeNull();
    expect(screen.queryByText(m['common.form.required'])).toBeNull();
    expect(field('CEP').getAttribute('aria-invalid')).toBeNull();

    // nothing chosen: the keyboard goes to the calendar (the day is the first thing missing)
    const submit = screen.getByRole('button', { name: m['visit.submit'] });
    submit.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText(m['visit.dayAndTime.required'])).toBeTruthy();
    expect(focused()?.getAttribute('aria-label')).toMatch(/24 de novembro de 2026/);
    // Enter picks the day; without a slot, the keyboard goes to the slots
    await user.keyboard('{Enter}');
    submit.focus();
    await user.keyboard('{Enter}');
    expect(focused()).toBe(screen.getByRole('radio', { name: '09:00' }));
    await user.keyboard(' ');
    // day and slot chosen, no CEP: the first wrong field, its message read with it
    submit.focus();
    await user.keyboard('{Enter}');
    expect(focused()).toBe(field('CEP'));
    const describedBy = field('CEP').getAttribute('aria-describedby') ?? '';
    expect(describedBy.split(' ').map((id) => document.getElementById(id)?.textContent).join(' ')).toContain(m['common.form.required']);

    await user.type(field('CEP'), '01310100');
    await waitFor(() => expect(field('Endereço').value).toBe('Avenida Paulista'));
    await user.type(field('Número'), '7');
    submit.focus();
    await user.keyboard('{Enter}');
    // the form is replaced by the details: the keyboard is on the banner, not thrown to the page's top
    await waitFor(() => expect(focused()?.textContent).toContain(m['visit.status.UNCONFIRMED_APPOINTMENT']));
    expect(focused()?.getAttribute('role')).toBe('status');
  });

  it('a failed load says so; retrying keeps the keyboard on the page: on the message again, then on the form', async () => {
    const user = userEvent.setup();
    const c = await customerAtVisit();
    let offline = true;
    renderVisit(c, (api) => ({ ...api, getVisit: () => (offline ? Promise.reject(new TypeError('network')) : api.getVisit()) }));
    expect((await screen.findByRole('alert')).textContent).toBe(m['visit.load.error']);
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(focused()?.textContent).toBe(m['visit.load.error']));
    offline = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(focused()?.textContent).toMatch(/^Agende a visita técnica gratuita/));
  });

  it("cancelling gives the keyboard to the form's first words, and keeping the visit while rescheduling to the banner", async () => {
    const user = userEvent.setup();
    const c = await customerAtVisit();
    server.clock.set(new Date('2026-11-23T11:00:00Z')); // 08:00: a visit on Wednesday is more than 24 hours away
    const booking = { time: '09:00', phone: '11987654321', cep: '01310100', address: 'Avenida Paulista', number: '1', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' };
    await call(server, 'POST', '/portal/customers/scheduling', { ...booking, date: '2026-11-25' }, { token: c.token });
    renderVisit(c);
    await screen.findByText(m['visit.status.UNCONFIRMED_APPOINTMENT']);
    await user.click(screen.getByRole('button', { name: 'Reagendar visita' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Escolher novo dia' }));
    await waitFor(() => expect(focused()?.textContent).toMatch(/^Sua visita atual é 25\/11\/2026 às 09:00/));
    await user.click(screen.getByRole('button', { name: 'Manter a visita atual' }));
    await waitFor(() => expect(focused()?.textContent).toContain(m['visit.status.UNCONFIRMED_APPOINTMENT']));
    await user.click(screen.getByRole('button', { name: 'Cancelar visita' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancelar visita' }));
    await waitFor(() => expect(focused()?.textContent).toMatch(/^Agende a visita técnica gratuita/));
  });
});
