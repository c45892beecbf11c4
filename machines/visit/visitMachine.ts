import { and, assign, setup } from 'xstate';
import * as v from 'valibot';
import type { CustomerProfile } from '#shared/customer/payloads';
import {
  isOpenVisit, maskCep, maskVisitPhone, visitPhoneProblem, visitStepBar, VisitAddress, type CancelledVisit, type CepResult, type Visit, type VisitRequest,
} from '#shared/visit/payloads';
import type { MessageKey } from '#shared/messages';
import { failureOf, ruleMessageKey } from '#shared/failure';
import { onlyDigits } from '#shared/phone';
import { notProvided } from '../notProvided';
import {
  canChangeVisit, firstBookableDay, visitAwaitingCompany, isVisitDateUnavailable, lastBookableDay, isVisitTimeSlot, localClockAt, parseCalendarDay, TIME_ZONE_BY_UF, visitStart,
  type CalendarDay, type LocalClock, type VisitTimeSlot,
} from '#shared/visit/rules';

/**
 * The technical-visit page (spec §2 "Technical visit screen", §4 visit statuses, §5 form and
 * calendar rules, §8 messages): load the customer, their visit and the blocked days -> the visit's
 * details, or the scheduling form (day, slot, phone, CEP with the lookup at 8 digits that fills and
 * locks what it returned, the CEP messages for 10 s and manual entry when it fails) -> submitting ->
 * booked (schedule and menu reload) -> details, from which the customer cancels or reschedules after
 * a confirmation, while the visit is 24 hours away or more. The clock comes in as input. Messages
 * are catalogue keys: in context under the fields and the calendar, as params of the toasts.
 */

export const ADDRESS_FIELDS = ['phone', 'cep', 'address', 'number', 'complement', 'neighborhood', 'city', 'state'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
/** The fields the CEP lookup may fill (and then lock), with the lookup result's name for each. */
export const LOOKUP_FIELDS = { address: 'logradouro', neighborhood: 'bairro', city: 'localidade', state: 'uf' } as const satisfies Partial<Record<AddressField, keyof CepResult>>;
type LookupField = keyof typeof LOOKUP_FIELDS;

export interface VisitPageData {
  customer: Pick<CustomerProfile, 'id' | 'phone' | 'state' | 'subscription_lending' | 'steps'> & Partial<Pick<CustomerProfile, 'city_name'>>;
  visit: Visit | null;
  /** with no visit, the one cancelled last (by the customer or staff): the page says so and reuses its address */
  cancelled?: CancelledVisit | null;
  /** GET /portal/config-calendar (an empty list when that call failed) */
  blocked: readonly string[];
}

export type VisitForm = { date: string | null; time: VisitTimeSlot | null } & Record<AddressField, string>;

export interface VisitContext {
  now: () => Date;
  data: VisitPageData | null;
  form: VisitForm;
  /** fields the lookup filled: read-only until the CEP changes */
  locked: readonly LookupField[];
  fieldErrors: Partial<Record<AddressField, MessageKey>>;
  /** 'Por favor selecione um dia e horario.' under the calendar */
  dayAndTimeError: MessageKey | null;
  mode: 'book' | 'reschedule';
}

export type VisitEvent =
  | { type: 'field.change'; field: AddressField; value: string }
  /** the customer left a field: the phone says at once what is wrong with it */
  | { type: 'field.blur'; field: AddressField }
  | { type: 'day.select'; date: string }
  | { type: 'time.select'; time: string }
  | { type: 'visit.submit' }
  | { type: 'visit.cancel' }
  | { type: 'visit.reschedule' }
  | { type: 'change.confirm' }
  | { type: 'change.dismiss' }
  | { type: 'reschedule.abort' }
  | { type: 'next.press' }
  | { type: 'back.press' }
  | { type: 'page.retry' };

export interface SubmitInput { mode: 'book' | 'reschedule'; visitId: number | null; request: VisitRequest }

const emptyForm = (phone = ''): VisitForm => ({
  date: null, time: null, phone, cep: '', address: '', number: '', complement: '', neighborhood: '', city: '', state: '',
});

/** A visit's address as the form shows it (the day and slot are chosen again). */
const addressOf = (visit: Visit | CancelledVisit): VisitForm => ({
  date: null, time: null, phone: maskVisitPhone(visit.phone), cep: maskCep(visit.cep), address: visit.address, number: visit.number,
  complement: visit.complement ?? '', neighborhood: visit.neighborhood, city: visit.city, state: visit.state,
});
const isEmptyAddress = (form: VisitForm) => ADDRESS_FIELDS.every((f) => f === 'phone' || form[f] === '');

/** The customer's profile phone '5511987654321' -> the form's '(11) 98765-4321'. */
const profilePhone = (canonical: string | undefined) => maskVisitPhone(onlyDigits(canonical ?? '').replace(/^55(?=\d{11}$)/, ''));

/** An empty form starts from the profile: its phone, and the state and city given at sign-up (issue 10). */
const withProfileDefaults = (form: VisitForm, customer: VisitPageData['customer']): VisitForm => ({
  ...form,
  phone: form.phone || profilePhone(customer.phone),
  state: form.state || customer.state,
  city: form.city || (customer.city_name ?? ''),
});

const errorStatus = (error: unknown): number | undefined => (error as { status?: number } | undefined)?.status;

/** The customer's wall clock in their state's time zone (the calendar's "now"). */
export function customerClock(context: Pick<VisitContext, 'now' | 'data'>): LocalClock {
  const uf = context.data?.customer.state ?? 'SP';
  return localClockAt(context.now(), TIME_ZONE_BY_UF[uf] ?? 'America/Sao_Paulo');
}

/** The Calendar's isDateUnavailable: every rule of src/shared/visitCalendar.ts with this customer's clock, state and blocked days. */
export function isDayUnavailable(context: Pick<VisitContext, 'now' | 'data'>, day: CalendarDay): boolean {
  return isVisitDateUnavailable(day, customerClock(context), { blocked: context.data?.blocked ?? [], uf: context.data?.customer.state });
}

/** The first day this customer may book (where the calendar opens), or null when every day is blocked. */
export function firstBookableDayFor(context: Pick<VisitContext, 'now' | 'data'>): CalendarDay | null {
  return firstBookableDay(customerClock(context), { blocked: context.data?.blocked ?? [], uf: context.data?.customer.state });
}

/** The last day this customer may book (where the calendar stops paging), or null when every day is blocked. */
export function lastBookableDayFor(context: Pick<VisitContext, 'now' | 'data'>): CalendarDay | null {
  return lastBookableDay(customerClock(context), { blocked: context.data?.blocked ?? [], uf: context.data?.customer.state });
}

/** The form as the API takes it: phone and CEP digits only (spec §5), the rest as typed (the schema trims). */
export function visitRequest(form: VisitForm): VisitRequest {
  return {
    date: form.date ?? '', time: form.time ?? ('' as VisitTimeSlot), phone: onlyDigits(form.phone), cep: onlyDigits(form.cep), address: form.address,
    number: form.number, complement: form.complement, neighborhood: form.neighborhood, city: form.city, state: form.state,
  };
}

function addressErrors(form: VisitForm): Partial<Record<AddressField, MessageKey>> {
  const r = v.safeParse(VisitAddress, visitRequest(form));
  if (r.success) return {};
  const errors: Partial<Record<AddressField, MessageKey>> = {};
  for (const issue of r.issues) {
    const key = v.getDotPath(issue) as AddressField | null;
    if (key && !errors[key]) errors[key] = ruleMessageKey(issue.message);
  }
  return errors;
}

const visitStatus = (c: VisitContext) => c.data?.visit?.status ?? null;

export const visitMachine = setup({
  types: {
    context: {} as VisitContext,
    events: {} as VisitEvent,
    input: {} as { now?: () => Date },
  },
  actors: {
    /** the profile, GET /portal/customers/scheduling and GET /portal/config-calendar ([] when it fails) */
    loadVisitPage: notProvided<VisitPageData>('loadVisitPage'),
    /** GET /portal/cep/{cep}: rejects with status 404 for an unknown CEP, anything else when unreachable */
    lookupCep: notProvided<CepResult, { cep: string }>('lookupCep'),
    /** POST /portal/customers/scheduling, or PUT .../scheduling/{id} when rescheduling */
    submitVisit: notProvided<Visit, SubmitInput>('submitVisit'),
    /** DELETE /portal/customers/scheduling/{id} */
    cancelVisit: notProvided<unknown, { visitId: number }>('cancelVisit'),
  },
  actions: {
    /** a success toast with the text of `key`, provided at the edge */
    notifySuccess: (_, _params: { key: MessageKey }) => {},
    /** an error toast with the text of `key`, provided at the edge */
    notifyError: (_, _params: { key: MessageKey }) => {},
    /** the journey reloads the menu (the visit step changed) */
    menuChanged: () => {},
    goNext: () => {},
    goBack: () => {},
    changeField: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      const value = event.field === 'cep' ? maskCep(event.value) : event.field === 'phone' ? maskVisitPhone(event.value) : event.value;
      const fieldErrors = { ...context.fieldErrors };
      delete fieldErrors[event.field];
      // a DDD starting with 0 is said while typing, not at submit (issue 10)
      const phoneProblem = event.field === 'phone' ? visitPhoneProblem(value, 'typing') : null;
      if (phoneProblem) fieldErrors.phone = phoneProblem;
      // a new CEP unlocks what the last lookup filled (the values stay, editable)
      return { form: { ...context.form, [event.field]: value }, fieldErrors, ...(event.field === 'cep' ? { locked: [] } : {}) };
    }),
    fillFromLookup: assign(({ context, event }) => {
      const result = (event as unknown as { output: CepResult }).output;
      const form = { ...context.form };
      const locked: LookupField[] = [];
      const fieldErrors = { ...context.fieldErrors };
      for (const [field, key] of Object.entries(LOOKUP_FIELDS) as [LookupField, keyof CepResult][]) {
        const value = result[key].trim();
        if (value) {
          form[field] = value;
          locked.push(field);
          delete fieldErrors[field];
        }
      }
      return { form, locked, fieldErrors };
    }),
    checkLeftField: assign({
      fieldErrors: ({ context, event }) => {
        if (event.type !== 'field.blur' || event.field !== 'phone') return context.fieldErrors;
        const problem = visitPhoneProblem(context.form.phone, 'left');
        return problem ? { ...context.fieldErrors, phone: problem } : context.fieldErrors;
      },
    }),
    selectDay: assign(({ context, event }) => (event.type === 'day.select' ? { form: { ...context.form, date: event.date }, dayAndTimeError: null } : {})),
    selectTime: assign(({ context, event }) => (event.type === 'time.select' && isVisitTimeSlot(event.time)
      ? { form: { ...context.form, time: event.time }, dayAndTimeError: null } : {})),
    showDayAndTimeRequired: assign({ dayAndTimeError: 'visit.dayAndTime.required', fieldErrors: ({ context }) => addressErrors(context.form) }),
    showFieldErrors: assign({ fieldErrors: ({ context }) => addressErrors(context.form) }),
    keepVisit: assign({ data: ({ context, event }) => context.data && { ...context.data, visit: (event as unknown as { output: Visit }).output } }),
    forgetVisit: assign({ data: ({ context }) => context.data && { ...context.data, visit: null } }),
    /** after a cancel: a new booking at the same address (only the day and slot are chosen again) */
    startBooking: assign({
      mode: 'book' as const,
      form: ({ context }) => (context.data?.visit ? addressOf(context.data.visit) : emptyForm(context.form.phone)),
      locked: [], fieldErrors: {}, dayAndTimeError: null,
    }),
    startRescheduling: assign(({ context }) => {
      const visit = context.data?.visit;
      return {
        mode: 'reschedule' as const,
        // the address is kept; the day and slot are chosen again
        form: visit ? addressOf(visit) : context.form,
        locked: [], fieldErrors: {}, dayAndTimeError: null,
      };
    }),
  },
  guards: {
    hasVisit: ({ context }) => context.data?.visit != null,
    /** spec §2: submit is disabled while a technical-visit step is PENDING (a booking the company has not concluded) */
    visitStepPending: ({ context }) => context.mode === 'book' && visitAwaitingCompany(context.data?.customer.steps),
    /** spec §5: the lookup fires at 8 digits */
    cepComplete: ({ context, event }) => event.type === 'field.change' && event.field === 'cep' && onlyDigits(maskCep(event.value)).length === 8
      && onlyDigits(event.value) !== onlyDigits(context.form.cep),
    isCepField: ({ event }) => event.type === 'field.change' && event.field === 'cep',
    lockedField: ({ context, event }) => event.type === 'field.change' && (context.locked as readonly string[]).includes(event.field),
    cepNotFound: ({ event }) => errorStatus((event as { error?: unknown }).error) === 404,
    /** spec §5: a day and a slot are required */
    dayOrTimeMissing: ({ context }) => !context.form.date || !context.form.time,
    addressInvalid: ({ context }) => Object.keys(addressErrors(context.form)).length > 0,
    /** the chosen day must still be bookable (the clock may have passed noon since it was chosen) */
    dayUnavailable: ({ context }) => {
      const day = context.form.date ? parseCalendarDay(context.form.date) : null;
      return !day || isDayUnavailable(context, day);
    },
    /** spec §4: no cancel or reschedule within 24 hours of the visit, and only while it is open */
    mayChangeVisit: ({ context }) => {
      const visit = context.data?.visit;
      const day = visit ? parseCalendarDay(visit.date) : null;
      if (!visit || !day || !isOpenVisit(visit.status) || !isVisitTimeSlot(visit.time)) return false;
      return canChangeVisit(visitStart(day, visit.time), customerClock(context));
    },
    isOpenVisit: ({ context }) => {
      const status = visitStatus(context);
      return status !== null && isOpenVisit(status);
    },
    isRescheduling: ({ context }) => context.mode === 'reschedule',
    /** spec §2: the next-step bar, for subscription customers; next enabled once the plan screen is open (docs/decisions/0013-technical-visit.md) */
    nextEnabled: ({ context }) => visitStepBar(context.data?.customer.subscription_lending ?? 'LENDING', context.data?.customer.steps).nextEnabled,
    stepBarShown: ({ context }) => visitStepBar(context.data?.customer.subscription_lending ?? 'LENDING', context.data?.customer.steps).shown,
  },
  delays: {
    /** spec §8: the CEP messages stay 10 s */
    cepMessageDuration: 10_000,
  },
}).createMachine({
  id: 'visit',
  context: ({ input }) => ({
    now: input.now ?? (() => new Date(0)),
    data: null, form: emptyForm(), locked: [], fieldErrors: {}, dayAndTimeError: null, mode: 'book',
  }),
  initial: 'loading',
  on: {
    'next.press': { guard: 'nextEnabled', actions: 'goNext' },
    'back.press': { guard: 'stepBarShown', actions: 'goBack' },
  },
  states: {
    loading: {
      invoke: {
        src: 'loadVisitPage',
        onDone: {
          target: 'deciding',
          actions: assign(({ context, event }) => {
            const cancelled = event.output.visit ? null : event.output.cancelled;
            // a visit cancelled by staff: the new booking starts from its address, as after the customer's own cancel
            const form = cancelled && isEmptyAddress(context.form) ? addressOf(cancelled) : context.form;
            return { data: event.output, form: withProfileDefaults(form, event.output.customer) };
          }),
        },
        onError: 'loadFailed',
      },
    },
    loadFailed: {
      description: "'Não foi possível carregar a sua visita técnica.' with a retry.",
      on: { 'page.retry': 'loading' },
    },
    deciding: {
      always: [{ guard: 'hasVisit', target: 'details' }, { target: 'form' }],
    },
    form: {
      description: 'Day, slot and address; the CEP lookup runs inside.',
      initial: 'idle',
      on: {
        'field.change': [
          { guard: 'lockedField' },
          { guard: 'cepComplete', target: '.lookingUp', actions: 'changeField' },
          { guard: 'isCepField', target: '.idle', actions: 'changeField' },
          { actions: 'changeField' },
        ],
        'field.blur': { actions: 'checkLeftField' },
        'day.select': { actions: 'selectDay' },
        'time.select': { actions: 'selectTime' },
        'visit.submit': [
          { guard: 'visitStepPending' },
          { guard: 'dayOrTimeMissing', actions: 'showDayAndTimeRequired' },
          { guard: 'dayUnavailable', actions: ['showDayAndTimeRequired', assign({ form: ({ context }) => ({ ...context.form, date: null }) })] },
          { guard: 'addressInvalid', actions: 'showFieldErrors' },
          { target: 'submitting' },
        ],
        'reschedule.abort': { guard: 'isRescheduling', target: 'details' },
      },
      states: {
        idle: {},
        lookingUp: {
          invoke: {
            src: 'lookupCep',
            input: ({ context }) => ({ cep: onlyDigits(context.form.cep) }),
            onDone: { target: 'idle', actions: 'fillFromLookup' },
            onError: [{ guard: 'cepNotFound', target: 'cepNotFound' }, { target: 'cepFailed' }],
          },
        },
        cepNotFound: {
          description: "'Não encontramos o CEP desejado…' for 10 s; the address is typed by hand.",
          after: { cepMessageDuration: 'idle' },
        },
        cepFailed: {
          description: "'Algo de errado, não conseguimos consultar o CEP desejado…' for 10 s; the address is typed by hand.",
          after: { cepMessageDuration: 'idle' },
        },
      },
    },
    submitting: {
      invoke: {
        src: 'submitVisit',
        input: ({ context }) => ({ mode: context.mode, visitId: context.data?.visit?.id ?? null, request: visitRequest(context.form) }),
        onDone: { target: 'booked', actions: 'keepVisit' },
        // nothing typed is lost: back to the form with the server's reason
        onError: {
          target: 'form',
          actions: {
            type: 'notifyError',
            params: ({ context, event }) => ({ key: failureOf(event.error, context.mode === 'book' ? 'visit.book.error' : 'visit.reschedule.error').key }),
          },
        },
      },
    },
    booked: {
      description: "'Visita técnica marcada com sucesso!' (a new time: '…agendada com sucesso!'); the schedule and the menu reload.",
      entry: [
        { type: 'notifySuccess', params: ({ context }) => ({ key: context.mode === 'book' ? 'visit.booked' as const : 'visit.rescheduled' as const }) },
        'menuChanged',
      ],
      invoke: {
        id: 'reloadAfterBooking',
        src: 'loadVisitPage',
        onDone: { target: 'details', actions: assign({ data: ({ event }) => event.output }) },
        // the booking stands; the details show what the server answered
        onError: 'details',
      },
    },
    details: {
      description: 'The visit with its status banner.',
      initial: 'viewing',
      states: {
        viewing: {
          on: {
            'visit.cancel': [
              { guard: and(['isOpenVisit', 'mayChangeVisit']), target: 'confirmingCancel' },
              { guard: 'isOpenVisit', actions: { type: 'notifyError', params: { key: 'visit.tooClose' } } },
            ],
            'visit.reschedule': [
              { guard: and(['isOpenVisit', 'mayChangeVisit']), target: 'confirmingReschedule' },
              { guard: 'isOpenVisit', actions: { type: 'notifyError', params: { key: 'visit.tooClose' } } },
            ],
          },
        },
        confirmingCancel: {
          on: { 'change.confirm': 'cancelling', 'change.dismiss': 'viewing' },
        },
        confirmingReschedule: {
          on: {
            // the server refuses the new day too if the 24 hours have run out meanwhile
            'change.confirm': { target: '#visit.form', actions: 'startRescheduling' },
            'change.dismiss': 'viewing',
          },
        },
        cancelling: {
          invoke: {
            src: 'cancelVisit',
            input: ({ context }) => ({ visitId: context.data?.visit?.id ?? 0 }),
            // the schedule and the steps reload: the form opens again for a new booking
            onDone: {
              target: '#visit.loading',
              actions: ['startBooking', 'forgetVisit', { type: 'notifySuccess', params: { key: 'visit.cancelled' } }, 'menuChanged'],
            },
            onError: {
              target: 'viewing',
              actions: { type: 'notifyError', params: ({ event }) => ({ key: failureOf(event.error, 'visit.cancel.error').key }) },
            },
          },
        },
      },
    },
  },
});
