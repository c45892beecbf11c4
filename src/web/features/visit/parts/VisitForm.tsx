import { flushSync } from 'react-dom';
import { parseDate, type CalendarDate } from '@internationalized/date';
import {
  customerClock, firstBookableDayFor, isDayUnavailable, lastBookableDayFor, type AddressField,
} from '#machines/visit/visitMachine';
import { visitWhen } from '#shared/visit/payloads';
import { isoDay, VISIT_TIME_SLOTS } from '#shared/visit/rules';
import { messages as m, t } from '#shared/messages';
import { Button } from '../../../ui/Button/Button';
import { Calendar } from '../../../ui/Calendar/Calendar';
import { focusFirstInvalid } from '../../../ui/Field/focusFirstInvalid';
import { Notice } from '../../../ui/Notice/Notice';
import { PageActions } from '../../../ui/Page/Page';
import { RadioGroup } from '../../../ui/RadioGroup/RadioGroup';
import { TextField } from '../../../ui/TextField/TextField';
import type { VisitPageProps } from '../VisitPage';
import * as s from '../VisitPage.css';

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

const toDateValue = (iso: string | null): CalendarDate | null => {
  if (!iso) return null;
  try { return parseDate(iso); } catch { return null; }
};

/** Day, slot and address (spec §2 "Technical visit screen", §5): the calendar and the CEP lookup follow the visit machine. */
export function VisitForm({ state, send }: Pick<VisitPageProps, 'state' | 'send'>) {
  const c = state.context;
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
  return (
    <form
      className={s.form}
      noValidate
      aria-busy={submitting}
      onSubmit={(e) => {
        e.preventDefault();
        // rendered at once, so the fields' invalid marks exist when focus moves
        let after = state;
        flushSync(() => { after = send({ type: 'visit.submit' }); });
        // refused: the keyboard goes to the first thing to fix (the day, the slot, then the first wrong field,
        // whose message is read with it); the day/slot message is also an alert
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
          <Calendar
            aria-labelledby="visit-day-label"
            value={toDateValue(c.form.date)}
            onChange={(d) => send({ type: 'day.select', date: d.toString() })}
            isDateUnavailable={(d) => isDayUnavailable(c, { year: d.year, month: d.month, day: d.day })}
            minValue={firstValue ?? undefined}
            maxValue={lastValue ?? undefined}
            defaultFocusedValue={firstValue ?? undefined}
            isDisabled={submitting}
          />
        </div>
        <div className={s.panel}>
          <RadioGroup
            label="Horário"
            options={VISIT_TIME_SLOTS.map((time) => ({ value: time, label: time }))}
            value={c.form.time}
            onChange={(time) => send({ type: 'time.select', time })}
            isDisabled={submitting}
            orientation="horizontal"
          />
          {c.form.date && c.form.time ? <p className={s.chosen} aria-live="polite">Visita em {visitWhen(c.form.date, c.form.time)}.</p> : null}
          {c.dayAndTimeError ? <Notice tone="error">{m[c.dayAndTimeError]}</Notice> : null}
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
                onBlur={() => send({ type: 'field.blur', field })}
                errorMessage={t(c.fieldErrors[field])}
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
                  {cepMessage ? <Notice tone="error"><p><span>{cepMessage}</span> <span>{m['cep.manualEntry']}</span></p></Notice> : null}
                </>
              ) : null}
            </div>
          );
        })}
      </div>
      <PageActions>
        <Button type="submit" isPending={submitting} isDisabled={!mayBook}>{m[c.mode === 'reschedule' ? 'visit.reschedule.submit' : 'visit.submit']}</Button>
        {c.mode === 'reschedule' ? <Button variant="secondary" onPress={() => send({ type: 'reschedule.abort' })} isDisabled={submitting}>Manter a visita atual</Button> : null}
      </PageActions>
    </form>
  );
}
