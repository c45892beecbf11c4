import { useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import * as v from 'valibot';
import { ConsumerFormInput, ConsumerIdentityInput, toConsumerSubmission, type ConsumerFormValues, type ConsumerSubmission } from '#shared/contract/payloads';
import { asksIdentity, fromMonthDayYear, MARITAL_STATUSES, maskCpf, maskDate, type ConsumerForm } from '#shared/contract/rules';
import { messages as m, type MessageKey } from '#shared/messages';
import { maskCellPhone } from '#shared/phone';
import { Button } from '../../../ui/Button/Button';
import { Checkbox } from '../../../ui/Checkbox/Checkbox';
import { focusFirstInvalid } from '../../../ui/Field/focusFirstInvalid';
import { Notice } from '../../../ui/Notice/Notice';
import { Select } from '../../../ui/Select/Select';
import { TextField } from '../../../ui/TextField/TextField';
import * as s from './HolderForm.css';

export interface HolderFormProps {
  /** which form (spec §3): the holder answers three fields; someone else's bill and a company's representative seven */
  form: ConsumerForm;
  /** what is already known (a previous save), masks included */
  initial?: Partial<ConsumerFormValues>;
  /** the save is under way: the fields and 'Agora não' are disabled, 'Continuar' spins */
  busy: boolean;
  /** the server's failure (e.g. 'consumer.save.error'), or null */
  error: MessageKey | null;
  onSubmit: (submission: ConsumerSubmission) => void;
  onCancel: () => void;
  /** inside a Modal whose heading already shows the title: no heading of its own (the form keeps the title as its name) */
  inModal?: boolean;
}

type Field = Exclude<keyof ConsumerFormValues, 'terms'>;
type FieldErrors = Partial<Record<Field, string>>;

const MARITAL_OPTIONS = MARITAL_STATUSES.map((status) => ({ id: status, name: m[`consumer.marital.${status}`] }));

/** The values to start from: whatever was saved, shown with the masks (the date may come as sent, month-day-year). */
function startingValues(initial: Partial<ConsumerFormValues> = {}): ConsumerFormValues {
  return {
    name: initial.name ?? '',
    document_value: maskCpf(initial.document_value ?? ''),
    email: initial.email ?? '',
    phone: maskCellPhone(initial.phone ?? ''),
    date_of_birth: maskDate(fromMonthDayYear(initial.date_of_birth ?? '')),
    occupation: initial.occupation ?? '',
    marital_status: initial.marital_status ?? '',
    terms: initial.terms ?? false,
  };
}

/** Each field's first issue: the schemas' messages are already the catalogue's pt-BR texts. */
function fieldErrorsOf(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path?.[0]?.key as Field | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/**
 * The holder form (spec §3 "Consumer (holder) data", §5 "Holder form"), shown before the contracts
 * are generated: birth date, occupation and marital status, plus name, CPF, e-mail and phone when the
 * bill is someone else's or a company's representative signs. 'Continuar' waits for the terms; a
 * refused submit marks each field with its message and puts the keyboard on the first of them.
 */
export function HolderForm({ form, initial, busy, error, onSubmit, onCancel, inModal = false }: HolderFormProps) {
  const [values, setValues] = useState<ConsumerFormValues>(() => startingValues(initial));
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const titleId = useId();
  const leadId = useId();
  const identity = asksIdentity(form);

  const set = (field: Field, mask: (value: string) => string = (value) => value) => (value: string | null) => {
    setValues((current) => ({ ...current, [field]: mask(value ?? '') }));
    // the field changed: its old message no longer describes it
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy || !values.terms) return;
    const issues = [
      ...(identity ? v.safeParse(ConsumerIdentityInput, values).issues ?? [] : []),
      ...(v.safeParse(ConsumerFormInput, values).issues ?? []),
    ];
    const found = fieldErrorsOf(issues);
    // rendered at once, so the fields' invalid marks exist when the focus moves
    flushSync(() => setErrors(found));
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(formRef.current);
      return;
    }
    onSubmit(toConsumerSubmission(form, values));
  };

  const refused = Object.values(errors).some(Boolean);
  return (
    <form ref={formRef} className={s.form} onSubmit={submit} aria-labelledby={inModal ? undefined : titleId} aria-label={inModal ? m[`consumer.title.${form}`] : undefined} aria-describedby={leadId} aria-busy={busy} noValidate>
      <div className={s.header}>
        {inModal ? null : <h2 id={titleId} className={s.title}>{m[`consumer.title.${form}`]}</h2>}
        <p id={leadId} className={s.lead}>{m[`consumer.lead.${form}`]}</p>
      </div>
      <div className={s.fields}>
        {identity ? (
          <>
            <TextField
              label={m['consumer.name']} value={values.name} onChange={set('name')} errorMessage={errors.name}
              isRequired isDisabled={busy} autoComplete="off" className={s.wide}
            />
            <TextField
              label={m['consumer.cpf']} value={values.document_value} onChange={set('document_value', maskCpf)} errorMessage={errors.document_value}
              isRequired isDisabled={busy} inputMode="numeric" autoComplete="off" placeholder="000.000.000-00"
            />
            <TextField
              label={m['consumer.email']} value={values.email} onChange={set('email')} errorMessage={errors.email}
              isRequired isDisabled={busy} type="email" autoComplete="off"
            />
            <TextField
              label={m['consumer.phone']} value={values.phone} onChange={set('phone', maskCellPhone)} errorMessage={errors.phone}
              isRequired isDisabled={busy} inputMode="tel" autoComplete="off" placeholder="(11) 98765-4321"
            />
          </>
        ) : null}
        <TextField
          label={m['consumer.birth']} value={values.date_of_birth} onChange={set('date_of_birth', maskDate)} errorMessage={errors.date_of_birth}
          isRequired isDisabled={busy} inputMode="numeric" placeholder="dd/mm/aaaa" autoComplete={identity ? 'off' : 'bday'}
        />
        <TextField
          label={m['consumer.occupation']} value={values.occupation} onChange={set('occupation')} errorMessage={errors.occupation}
          isRequired isDisabled={busy} autoComplete={identity ? 'off' : 'organization-title'}
        />
        <Select
          label={m['consumer.marital']} options={MARITAL_OPTIONS} value={values.marital_status || null} onChange={set('marital_status')}
          errorMessage={errors.marital_status} isDisabled={busy}
        />
      </div>
      <Checkbox isSelected={values.terms} onChange={(terms) => setValues((current) => ({ ...current, terms }))} isDisabled={busy}>
        {m['consumer.terms']}
      </Checkbox>
      {refused ? <Notice tone="error">{m['booking.consumer.error.input']}</Notice> : null}
      {error ? <Notice tone="error">{m[error]}</Notice> : null}
      <div className={s.actions}>
        <Button variant="secondary" onPress={onCancel} isDisabled={busy}>{m['consumer.cancel']}</Button>
        <Button type="submit" variant="primary" isPending={busy} isDisabled={!values.terms}>{m['consumer.submit']}</Button>
      </div>
    </form>
  );
}
