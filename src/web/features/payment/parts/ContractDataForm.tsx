import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { MARITAL_STATUSES, maskDate } from '#shared/contract/rules';
import { messages as m, type MessageKey } from '#shared/messages';
import { EMPTY_CONTRACT_DATA, type ContractDataField, type ContractDataValues } from '#shared/payment/contractData';
import { Button } from '../../../ui/Button/Button';
import { focusFirstInvalid } from '../../../ui/Field/focusFirstInvalid';
import { Notice } from '../../../ui/Notice/Notice';
import { Select } from '../../../ui/Select/Select';
import { TextField } from '../../../ui/TextField/TextField';
import * as s from '../PaymentPage.css';

/** the five marital statuses, labelled as the holder form shows them */
const MARITAL_OPTIONS = MARITAL_STATUSES.map((status) => ({ id: status, name: m[`consumer.marital.${status}`] }));

export interface ContractDataFormProps {
  /** each field's problem from the last submit ('Required' for an empty one); validated on submit only */
  errors: Partial<Record<ContractDataField, MessageKey>>;
  /** create_contracts is under way */
  busy: boolean;
  /** 'Erro ao gerar contratos!' */
  error: MessageKey | null;
  onSubmit: (values: ContractDataValues) => void;
  onCancel: () => void;
}

/**
 * The contract-data modal's form (spec §5 "Contract-data form"): occupation, marital status and
 * birth date (dd/mm/aaaa, masked as typed). Nothing is checked while typing; the machine checks the
 * shared rule on submit and the keyboard goes to the first field it refused.
 */
export function ContractDataForm({ errors, busy, error, onSubmit, onCancel }: ContractDataFormProps) {
  const [values, setValues] = useState<ContractDataValues>(EMPTY_CONTRACT_DATA);
  const formRef = useRef<HTMLFormElement>(null);
  const leadId = useId();
  const set = (field: ContractDataField, mask: (value: string) => string = (value) => value) => (value: string | null) =>
    setValues((current) => ({ ...current, [field]: mask(value ?? '') }));
  const refused = Object.values(errors).some(Boolean);
  // a refused submit: the fields are marked once the machine answered; the keyboard goes to the first
  useEffect(() => { if (refused) focusFirstInvalid(formRef.current); }, [errors, refused]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!busy) onSubmit(values);
  };
  const text = (field: ContractDataField) => (errors[field] ? m[errors[field]!] : undefined);
  return (
    <form ref={formRef} className={s.form} onSubmit={submit} aria-label={m['payment.contractData.title']} aria-describedby={leadId} aria-busy={busy} noValidate>
      <p id={leadId} className={s.muted}>{m['payment.contractData.lead']}</p>
      <div className={s.fields}>
        <TextField
          label={m['consumer.occupation']} value={values.occupation} onChange={set('occupation')} errorMessage={text('occupation')}
          isRequired isDisabled={busy} autoComplete="organization-title" className={s.wide}
        />
        <Select
          label={m['consumer.marital']} options={MARITAL_OPTIONS} value={values.marital_status || null} onChange={set('marital_status')}
          errorMessage={text('marital_status')} isDisabled={busy} showRequired
        />
        <TextField
          label={m['consumer.birth']} value={values.date_of_birth} onChange={set('date_of_birth', maskDate)} errorMessage={text('date_of_birth')}
          isRequired isDisabled={busy} inputMode="numeric" placeholder="dd/mm/aaaa" autoComplete="bday"
        />
      </div>
      {error ? <Notice tone="error">{m[error]}</Notice> : null}
      <div className={s.formActions}>
        <Button variant="secondary" onPress={onCancel} isDisabled={busy}>{m['payment.contractData.cancel']}</Button>
        <Button type="submit" variant="primary" isPending={busy}>{m['payment.contractData.submit']}</Button>
      </div>
    </form>
  );
}
