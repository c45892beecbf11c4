import { definePathModel, sample } from './engine';
import { visitMachine, visitRequest, type VisitContext, type VisitPageData } from '../../machines/visit/visitMachine';
import type { CepResult, Visit } from '#shared/visit/payloads';
import { VisitAddress } from '#shared/visit/payloads';
import * as v from 'valibot';
import { apiErrors, customerAt } from './samples';

/**
 * Path model of the technical-visit page (spec §2, §4, §5, §8). The clock is Monday 23 November
 * 2026, 10:00 in São Paulo: Tuesday 24 is the earliest bookable day, Sunday 29 is never bookable,
 * a visit on Tuesday at 09:00 is less than 24 hours away (too close to change), one on Wednesday
 * is not. The customers come from samples.ts at their visit step.
 */
const MONDAY_10H_SP = new Date('2026-11-23T13:00:00Z');

const atVisit = customerAt(201, 'Fernanda Rocha', 'SUBSCRIPTION', 'TECHNICAL_VISIT', 'NOT_DONE');
const visitRequested = customerAt(203, 'Helena Costa', 'SUBSCRIPTION', 'TECHNICAL_VISIT', 'PENDING');
const visitApproved = customerAt(204, 'Igor Nunes', 'SUBSCRIPTION', 'SIGNATURE', 'NOT_DONE');

const pick = (c: typeof atVisit): VisitPageData['customer'] => ({ id: c.id, phone: c.phone, state: c.state, city_name: c.city_name, subscription_lending: c.subscription_lending, steps: c.steps });
const visit = (over: Partial<Visit> = {}): Visit => ({
  id: 9, schedule: '2026-11-25T10:00:00-03:00', date: '2026-11-25', time: '10:00', status: 'UNCONFIRMED_APPOINTMENT',
  phone: '11987654321', cep: '01310100', address: 'Avenida Paulista', number: '1000', complement: null,
  neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP', ...over,
});
const page = (c: typeof atVisit, v: Visit | null, blocked: string[] = []): VisitPageData => ({ customer: pick(c), visit: v, blocked });

const paulista: CepResult = { cep: '01310-100', logradouro: 'Avenida Paulista', bairro: 'Bela Vista', complemento: '', localidade: 'São Paulo', uf: 'SP' };
const townWide: CepResult = { cep: '37800-000', logradouro: '', bairro: '', complemento: '', localidade: 'Guaxupé', uf: 'MG' };
const cepNotFound = Object.assign(new Error('Não encontramos o CEP desejado.'), { status: 404, code: 4044 });
const cepUnavailable = Object.assign(new Error('Algo de errado, não conseguimos consultar o CEP desejado.'), { status: 503, code: 5030 });
const dayTaken = Object.assign(new Error('Este dia ou horário não está disponível para visitas. Escolha outro.'), { status: 422, code: 4220 });
const tooClose = Object.assign(new Error('Sua visita está muito próxima, não é possível cancelar'), { status: 409, code: 4095 });

const missing = (c: VisitContext) => {
  const r = v.safeParse(VisitAddress, visitRequest(c.form));
  return r.success ? [] : [...new Set(r.issues.map((i) => v.getDotPath(i)))].sort();
};

export const visitPaths = definePathModel({
  name: 'visit',
  machine: visitMachine,
  inputs: [sample('mondayMorningInSaoPaulo', { now: () => MONDAY_10H_SP })],
  events: {
    'field.change': [
      sample('fullCep', { type: 'field.change', field: 'cep', value: '01310100' }),
      sample('halfCep', { type: 'field.change', field: 'cep', value: '0131' }),
      sample('houseNumber', { type: 'field.change', field: 'number', value: '1000' }),
      sample('typedStreet', { type: 'field.change', field: 'address', value: 'Rua das Flores' }),
      // a DDD starting with 0: said while typing (issue 10)
      sample('zeroAreaCode', { type: 'field.change', field: 'phone', value: '(01' }),
    ],
    'field.blur': [sample('leftPhone', { type: 'field.blur', field: 'phone' })],
    'day.select': [
      sample('tuesday', { type: 'day.select', date: '2026-11-24' }),
      sample('sunday', { type: 'day.select', date: '2026-11-29' }),
    ],
    'time.select': [sample('nineOClock', { type: 'time.select', time: '09:00' })],
  },
  actors: {
    loadVisitPage: {
      done: [
        sample('readyToBook', page(atVisit, null)),
        sample('requestedWednesday', page(visitRequested, visit())),
        sample('requestedTomorrowMorning', page(visitRequested, visit({ date: '2026-11-24', time: '09:00', schedule: '2026-11-24T09:00:00-03:00' }))),
        sample('confirmed', page(visitRequested, visit({ status: 'CONFIRMED_SCHEDULE' }))),
        sample('accomplishedAndApproved', page(visitApproved, visit({ status: 'ACCOMPLISHED_AND_APPROVED' }))),
        sample('stepPendingWithoutVisit', page(visitRequested, null)),
      ],
      error: [sample('offline', apiErrors.offline)],
    },
    reloadAfterBooking: {
      done: [sample('bookedTuesday', page(visitRequested, visit({ id: 10, date: '2026-11-24', time: '09:00', schedule: '2026-11-24T09:00:00-03:00' })))],
      error: [sample('offline', apiErrors.offline)],
    },
    lookupCep: {
      done: [sample('paulista', paulista), sample('townWide', townWide)],
      error: [sample('notFound', cepNotFound), sample('unavailable', cepUnavailable)],
    },
    submitVisit: {
      done: [sample('booked', visit({ id: 10, date: '2026-11-24', time: '09:00', schedule: '2026-11-24T09:00:00-03:00' }))],
      error: [sample('dayTaken', dayTaken), sample('offline', apiErrors.offline)],
    },
    cancelVisit: {
      done: [sample('cancelled', { data: null })],
      error: [sample('tooClose', tooClose)],
    },
  },
  // What steers the page: who the customer is, their visit, which required fields are still
  // missing, the day and slot, what the lookup locked, and whether a booking or a reschedule is under way.
  context: (c: VisitContext) => ({
    customer: c.data && `${c.data.customer.subscription_lending} ${c.data.customer.steps.find((s) => s.type === 'TECHNICAL_VISIT')?.status}`,
    visit: c.data?.visit ? `${c.data.visit.status} ${c.data.visit.date} ${c.data.visit.time}` : null,
    missing: missing(c).join(' '),
    cep: c.form.cep.replace(/\D/g, '').length,
    date: c.form.date,
    time: Boolean(c.form.time),
    locked: c.locked.length > 0,
    mode: c.mode,
    phoneError: c.fieldErrors.phone ?? null,
  }),
  checks: {
    submitting: (s) => {
      const c = s.context as VisitContext;
      if (!c.form.date || !c.form.time) return 'sending without a day and a slot';
      if (missing(c).length > 0) return `sending with missing fields: ${missing(c).join(', ')}`;
    },
    'visit.form.lookingUp': (s) => ((s.context as VisitContext).form.cep.replace(/\D/g, '').length === 8 ? undefined : 'looking up a CEP without 8 digits'),
    'visit.details': (s) => ((s.context as VisitContext).data?.visit ? undefined : 'details without a visit'),
  },
});
