import { useCallback, useEffect, useMemo, useRef } from 'react';
import { flushSync } from 'react-dom';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { parseDate, type CalendarDate } from '@internationalized/date';
import { Button as RACButton } from 'react-aria-components/Button';
import { Calendar, CalendarCell, CalendarGrid, CalendarGridBody, CalendarGridHeader, CalendarHeaderCell, Heading } from 'react-aria-components/Calendar';
import { I18nProvider } from 'react-aria-components/I18nProvider';
import {
  customerClock, firstBookableDayFor, isDayUnavailable, lastBookableDayFor, visitMachine, type AddressField, type SubmitInput, type VisitPageData,
} from '#machines/visit/visitMachine';
import { isOpenVisit, VISIT_STATUS_LABEL, visitWhen, type Visit } from '#shared/visit/payloads';
import { messages as m } from '#shared/messages';
import { formatPhone } from '#shared/phone';
import { VISIT_TIME_SLOTS } from '#shared/visit/rules';
import type { Api } from '../../api/client';
import { useApiLoader } from '../../journey/JourneyContext';
import { useMenuReload } from '../../journey/useMenuReload';
import { useGo } from '../../journey/useGo';
import { Button } from '../../ui/Button/Button';
import { focusFirstInvalid } from '../../ui/Field/focusFirstInvalid';
import { LoadingScreen } from '../../ui/LoadingScreen/LoadingScreen';
import { Modal } from '../../ui/Modal/Modal';
import { RadioGroup } from '../../ui/RadioGroup/RadioGroup';
import { TextField } from '../../ui/TextField/TextField';
import { toast } from '../../ui/Toast/toastQueue';
import * as s from './VisitScreen.css';

/** The machine's side effects against the API. */
export function visitActors(getApi: () => Promise<Api>) {
  return {
    loadVisitPage: fromPromise<VisitPageData>(async () => {
      const api = await getApi();
      const [customer, { visit, cancelled }, blocked] = await Promise.all([
        api.getCustomer(),
        api.getVisit(),
        // spec §7: a failed calendar config is an empty list
        api.getBlockedDays().catch(() => [] as string[]),
      ]);
      return { customer, visit, cancelled, blocked };
    }),
    lookupCep: fromPromise<Awaited<ReturnType<Api['lookupCep']>>, { cep: string }>(async ({ input }) => (await getApi()).lookupCep(input.cep)),
    submitVisit: fromPromise<Visit, SubmitInput>(async ({ input }) => {
      const api = await getApi();
      return input.mode === 'reschedule' && input.visitId !== null ? api.rescheduleVisit(input.visitId, input.request) : api.bookVisit(input.request);
    }),
    cancelVisit: fromPromise<unknown, { visitId: number }>(async ({ input }) => (await getApi()).cancelVisit(input.visitId)),
  };
}

const FIELD_LABELS: Record<AddressField, string> = {
  phone: 'Telefone', cep: 'CEP', address: 'Endereço', number: 'Número', complement: 'Complemento', neighborhood: 'Bairro', city: 'Cidade', state: 'Estado',
};
/** the form's order (spec §2: Telefone, CEP, Endereço, Bairro, Número, Complemento, Cidade, Estado) */
const FORM_ORDER: readonly AddressField[] = ['phone', 'cep', 'address', 'neighborhood', 'number', 'complement', 'city', 'state'];
const WIDE: ReadonlySet<AddressField> = new Set(['address']);
const INPUT: Partial<Record<AddressField, { inputMode: 'tel' | 'numeric' | 'text'; autoComplete: string; placeholder?: string; maxLength?: number }>> = {
  phone: { inputMode: 'tel', autoComplete: 'tel-national', placeholder: '(11) 98765-4321', maxLength: 15 },
  cep: { inputMode: 'numeric', autoComplete: 'postal-code', placeholder: '00000-000', maxLength: 9 },
  address: { inputMode: 'text', autoComplete: 'address-line1' },
  neighborhood: { inputMode: 'text', autoComplete: 'address-level3' },
  number: { inputMode: 'text', autoComplete: 'off' },
  complement: { inputMode: 'text', autoComplete: 'address-line2' },
  city: { inputMode: 'text', autoComplete: 'address-level2' },
  state: { inputMode: 'text', autoComplete: 'address-level1', placeholder: 'SP', maxLength: 2 },
};

export interface VisitPageProps {
  getApi: () => Promise<Api>;
  /** the clock (tests give a fixed one) */
  now?: () => Date;
  /** the journey reloads the side menu (the visit step changed) */
  onMenuChanged: () => void;
  onNavigate: (path: string) => void;
}

const isoDay = (d: { year: number; month: number; day: number }) =>
  `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

const toDateValue = (iso: string | null): CalendarDate | null => {
  if (!iso) return null;
  try { return parseDate(iso); } catch { return null; }
};

/** The technical-visit page (spec §2 "Technical visit screen", §4 statuses, §5 form rules). */
export function VisitPage({ getApi, now, onMenuChanged, onNavigate }: VisitPageProps) {
  const machine = useMemo(() => visitMachine.provide({
    actors: visitActors(getApi),
    actions: {
      notifySuccess: (_, params) => { toast.success(params.message); },
      notifyError: (_, params) => { toast.error(params.message); },
      menuChanged: () => onMenuChanged(),
      goNext: () => onNavigate('/plan-signature'),
      goBack: () => onNavigate('/bill'),
    },
  }), [getApi, onMenuChanged, onNavigate]);
  const [state, send, actor] = useMachine(machine, { input: { now: now ?? (() => new Date()) } });
  const c = state.context;

  // the form and the details replace each other under the keyboard (booked, cancelled, rescheduling,
  // 'Manter a visita atual'): focus goes to what the new view says first, not back to the page's top
  const bannerRef = useRef<HTMLDivElement>(null);
  const leadRef = useRef<HTMLParagraphElement>(null);
  const view = state.matches('details') || state.matches('booked') ? 'details' : state.matches('form') || state.matches('submitting') ? 'form' : null;
  const lastView = useRef<typeof view>(null);
  // 'Tentar novamente' after a failed load counts as a change of view too
  const retried = useRef(false);
  const failedRef = useRef<HTMLParagraphElement>(null);
  const failed = state.matches('loadFailed');
  useEffect(() => {
    if (failed && retried.current) {
      retried.current = false;
      failedRef.current?.focus();
      return;
    }
    if (view === null) return;
    const before = lastView.current;
    lastView.current = view;
    if (!retried.current && (before === null || before === view)) return;
    retried.current = false;
    (view === 'details' ? bannerRef.current : leadRef.current)?.focus();
  }, [view, failed]);

  if (state.matches('loading')) return <LoadingScreen inline />;
  if (state.matches('loadFailed')) {
    return (
      <section className={s.section}>
        <h1 className={s.title}>{m['visit.title']}</h1>
        <p ref={failedRef} tabIndex={-1} className={s.notice.error} role="alert">{m['visit.load.error']}</p>
        <div className={s.actions}><Button onPress={() => { retried.current = true; send({ type: 'page.retry' }); }}>Tentar novamente</Button></div>
      </section>
    );
  }

  const stepBar = state.can({ type: 'back.press' }) ? (
    <nav className={s.stepBar} aria-label="Etapas">
      <Button variant="ghost" size="sm" onPress={() => send({ type: 'back.press' })}>{m['visit.back']}</Button>
      <Button variant="secondary" size="sm" onPress={() => send({ type: 'next.press' })} isDisabled={!state.can({ type: 'next.press' })}>{m['visit.next']}</Button>
    </nav>
  ) : null;

  const visit = c.data?.visit;
  if ((state.matches('details') || state.matches('booked')) && visit) {
    const open = isOpenVisit(visit.status);
    const confirming = state.matches({ details: 'confirmingCancel' }) || state.matches({ details: 'confirmingReschedule' });
    const cancelling = state.matches({ details: 'cancelling' });
    const rows: [string, string][] = [
      ['Telefone', formatPhone(`55${visit.phone}`).replace(/^\+55 /, '')],
      ['Endereço', visit.address],
      ['Número', visit.number],
      ['Complemento', visit.complement ?? '—'],
      ['Bairro', visit.neighborhood],
      ['CEP', `${visit.cep.slice(0, 5)}-${visit.cep.slice(5)}`],
      ['Cidade', visit.city],
      ['Estado', visit.state],
    ];
    return (
      <section className={s.section} aria-busy={state.matches('booked') || cancelling}>
        <h1 className={s.title}>{m['visit.title']}</h1>
        <div ref={bannerRef} tabIndex={-1} className={`${s.banner} ${s.bannerTone[visit.status]}`} role="status">
          <p className={s.bannerTitle}>{VISIT_STATUS_LABEL[visit.status]}</p>
          <p className={s.bannerText}>
            {visit.status === 'CONFIRMED_SCHEDULE' ? `Dia ${visitWhen(visit.date, visit.time)}.`
              : open ? `Visita para ${visitWhen(visit.date, visit.time)}.`
                : m['visit.done.when'].replace('{when}', visitWhen(visit.date, visit.time))}
            {visit.status === 'UNCONFIRMED_APPOINTMENT' ? ' Avisaremos você quando a visita for confirmada.' : ''}
            {visit.status === 'ACCOMPLISHED_AND_APPROVED' ? ` ${m['visit.done.approved']}` : ''}
            {visit.status === 'DONE_AND_NOT_APPROVED' ? ` ${m['visit.done.notApproved']}` : ''}
          </p>
        </div>
        <dl className={s.details} aria-label="Dados da visita">
          {rows.map(([term, value]) => (
            <div key={term} className={term === 'Telefone' || term === 'Endereço' ? s.detailWide : undefined}>
              <dt className={s.term}>{term}</dt>
              <dd className={s.value}>{value}</dd>
            </div>
          ))}
        </dl>
        {open ? (
          <div className={s.actions}>
            <Button variant="secondary" onPress={() => send({ type: 'visit.reschedule' })} isDisabled={cancelling}>Reagendar visita</Button>
            <Button variant="secondary" onPress={() => send({ type: 'visit.cancel' })} isPending={cancelling}>Cancelar visita</Button>
          </div>
        ) : null}
        {stepBar}
        <Modal
          isOpen={confirming || cancelling}
          onOpenChange={(isOpen) => { if (!isOpen) send({ type: 'change.dismiss' }); }}
          isLoading={cancelling}
          role="alertdialog"
          size="sm"
          title={state.matches({ details: 'confirmingReschedule' }) ? 'Reagendar a visita?' : 'Cancelar a visita?'}
          footer={(
            <>
              <Button variant="secondary" onPress={() => send({ type: 'change.dismiss' })} isDisabled={cancelling}>Voltar</Button>
              <Button onPress={() => send({ type: 'change.confirm' })} isPending={cancelling}>
                {state.matches({ details: 'confirmingReschedule' }) ? 'Escolher novo dia' : 'Cancelar visita'}
              </Button>
            </>
          )}
        >
          <p className={s.bannerText}>
            {state.matches({ details: 'confirmingReschedule' })
              ? `Sua visita de ${visitWhen(visit.date, visit.time)} será trocada pelo novo dia e horário que você escolher.`
              : `Sua visita de ${visitWhen(visit.date, visit.time)} será cancelada. Você poderá agendar outro dia quando quiser.`}
          </p>
        </Modal>
      </section>
    );
  }

  const submitting = state.matches('submitting');
  const lookingUp = state.matches({ form: 'lookingUp' });
  const cepMessage = state.matches({ form: 'cepNotFound' }) ? m['cep.notFound'] : state.matches({ form: 'cepFailed' }) ? m['cep.unavailable'] : null;
  const mayBook = state.can({ type: 'visit.submit' }) || submitting;
  // the calendar opens on the first bookable day: the keyboard does not land on an unavailable today,
  // and the day React Aria announces as "Primeira data disponível" (minValue) really is one
  const first = firstBookableDayFor(c) ?? customerClock(c);
  const firstValue = toDateValue(isoDay(first));
  // and stops paging at the last bookable day's month (31 days ahead on, every day is blocked)
  const last = lastBookableDayFor(c);
  const lastValue = last ? toDateValue(isoDay(last)) : null;
  const cancelled = c.mode === 'book' && !c.data?.visit ? c.data?.cancelled ?? null : null;
  const current = c.mode === 'reschedule' ? c.data?.visit ?? null : null;
  return (
    <section className={s.section}>
      <h1 className={s.title}>{m['visit.title']}</h1>
      <p ref={leadRef} tabIndex={-1} className={s.lead}>
        {current
          ? m['visit.reschedule.lead'].replace('{when}', visitWhen(current.date, current.time))
          : 'Agende a visita técnica gratuita: um especialista vai até o imóvel confirmar o tamanho e a instalação do seu sistema.'}
      </p>
      {cancelled ? <p className={s.notice.info}>{m['visit.cancelledNotice'].replace('{when}', visitWhen(cancelled.date, cancelled.time))}</p> : null}
      {!mayBook ? <p className={s.notice.info} role="status">{m['visit.status.UNCONFIRMED_APPOINTMENT']}: aguarde a confirmação da empresa.</p> : null}
      <form
        className={s.form}
        noValidate
        aria-busy={submitting}
        onSubmit={(e) => {
          e.preventDefault();
          // rendered at once, so the fields' invalid marks exist when focus moves
          flushSync(() => send({ type: 'visit.submit' }));
          // refused: the keyboard goes to the first thing to fix (the day, the slot, then the first wrong field,
          // whose message is read with it); the day/slot message is also an alert
          const after = actor.getSnapshot();
          if (!after.matches('form')) return;
          const formEl = e.currentTarget;
          if (after.context.dayAndTimeError) {
            const target = !after.context.form.date
              ? formEl.querySelector<HTMLElement>('[role="grid"] [tabindex="0"]')
              : formEl.querySelector<HTMLElement>('[role="radiogroup"] input:not([disabled])');
            target?.focus();
            return;
          }
          focusFirstInvalid(formEl);
        }}
      >
        <div className={s.when}>
          <div className={s.panel}>
            <h2 className={s.panelTitle} id="visit-day-label">Dia da visita</h2>
            <I18nProvider locale="pt-BR">
              <Calendar
                aria-labelledby="visit-day-label"
                className={s.calendar}
                value={toDateValue(c.form.date)}
                onChange={(d) => send({ type: 'day.select', date: d.toString() })}
                isDateUnavailable={(d) => isDayUnavailable(c, { year: d.year, month: d.month, day: d.day })}
                minValue={firstValue ?? undefined}
                maxValue={lastValue ?? undefined}
                defaultFocusedValue={firstValue ?? undefined}
                isDisabled={submitting}
              >
                <header className={s.calendarHeader}>
                  <RACButton slot="previous" className={s.navButton} aria-label="Mês anterior">‹</RACButton>
                  <Heading className={s.calendarHeading} />
                  <RACButton slot="next" className={s.navButton} aria-label="Próximo mês">›</RACButton>
                </header>
                <CalendarGrid className={s.grid} weekdayStyle="short">
                  <CalendarGridHeader>{(day) => <CalendarHeaderCell className={s.weekday}>{day}</CalendarHeaderCell>}</CalendarGridHeader>
                  <CalendarGridBody>{(date) => <CalendarCell date={date} className={s.cell} />}</CalendarGridBody>
                </CalendarGrid>
              </Calendar>
            </I18nProvider>
          </div>
          <div className={s.panel}>
            <RadioGroup
              label="Horário"
              options={VISIT_TIME_SLOTS.map((t) => ({ value: t, label: t }))}
              value={c.form.time}
              onChange={(t) => send({ type: 'time.select', time: t })}
              isDisabled={submitting}
              orientation="horizontal"
            />
            {c.form.date && c.form.time ? <p className={s.lead} aria-live="polite">Visita em {visitWhen(c.form.date, c.form.time)}.</p> : null}
            {c.dayAndTimeError ? <p className={s.error} role="alert">{c.dayAndTimeError}</p> : null}
          </div>
        </div>
        <div className={s.fields}>
          {FORM_ORDER.map((field) => {
            const locked = (c.locked as readonly string[]).includes(field);
            return (
              <div key={field} className={WIDE.has(field) ? s.wide : undefined}>
                <TextField
                  label={FIELD_LABELS[field]}
                  name={field}
                  value={c.form[field]}
                  onChange={(value) => send({ type: 'field.change', field, value })}
                  errorMessage={c.fieldErrors[field]}
                  isReadOnly={locked}
                  isDisabled={submitting}
                  showRequired={field !== 'complement'}
                  // the asterisk is hidden from screen readers: they hear "obrigatório" from aria-required
                  isRequired={field !== 'complement'}
                  description={locked ? 'Preenchido pelo CEP' : undefined}
                  {...INPUT[field]}
                />
                {field === 'cep' ? (
                  <>
                    <p className={s.cepStatus} role="status" aria-live="polite">{lookingUp ? 'Buscando endereço…' : ''}</p>
                    {/* right under the CEP, where the person is looking; the address is then typed by hand */}
                    {cepMessage ? <p className={s.notice.error} role="alert"><span>{cepMessage}</span> <span>{m['cep.manualEntry']}</span></p> : null}
                  </>
                ) : null}
              </div>
            );
          })}
        </div>
        <div className={s.actions}>
          <Button type="submit" isPending={submitting} isDisabled={!mayBook}>{m[c.mode === 'reschedule' ? 'visit.reschedule.submit' : 'visit.submit']}</Button>
          {c.mode === 'reschedule' ? <Button variant="secondary" onPress={() => send({ type: 'reschedule.abort' })} isDisabled={submitting}>Manter a visita atual</Button> : null}
        </div>
      </form>
      {stepBar}
    </section>
  );
}

/** Mounted by the private shell at /technical-visit. */
export default function VisitScreen() {
  const getApi = useApiLoader();
  const reloadMenu = useMenuReload();
  const go = useGo();
  const navigate = useCallback((path: string) => go(path), [go]);
  return <VisitPage getApi={getApi} onMenuChanged={reloadMenu} onNavigate={navigate} />;
}

