import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ProfileContext } from '#machines/profile/profileMachine';
import type { CustomerProfile } from '#shared/customer/payloads';
import { messages as m } from '#shared/messages';
import { formatPhone } from '#shared/phone';
import { Button } from '../../../ui/Button/Button';
import { focusFirstInvalid } from '../../../ui/Field/focusFirstInvalid';
import { Notice } from '../../../ui/Notice/Notice';
import { TextField } from '../../../ui/TextField/TextField';
import * as s from '../ProfilePage.css';

export interface PersonalDataProps {
  customer: CustomerProfile;
  errors: ProfileContext['personalErrors'];
  note: ProfileContext['personalNote'];
  saving: boolean;
  /** sends the form; answers whether the machine refused it (the keyboard then goes to the first field to fix) */
  onSave: (values: { name: string; email: string }) => boolean;
  /** opens 'Trocar e-mail': the e-mail changes only with its codes */
  onChangeEmail: () => void;
}

/**
 * Name (or legal name), checked with the sign-up's rules; the e-mail shown, changed through its
 * own dialog (a code to the new address and one by SMS); phone, document and city as they are.
 */
export function PersonalData({ customer, errors, note, saving, onSave, onChangeEmail }: PersonalDataProps) {
  const [values, setValues] = useState({ name: customer.name, email: customer.email });
  const form = useRef<HTMLFormElement>(null);
  // what the server saved (the e-mail lower-cased) is what the fields show next
  useEffect(() => { setValues({ name: customer.name, email: customer.email }); }, [customer.name, customer.email]);
  const company = customer.type === 'CNPJ';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (onSave(values)) requestAnimationFrame(() => focusFirstInvalid(form.current));
  };
  const facts: [string, string][] = [
    [m['profile.personal.phone'], formatPhone(customer.phone)],
    ...(customer.document_value ? [[company ? m['profile.personal.cnpj'] : m['profile.personal.cpf'], customer.document_value] as [string, string]] : []),
    [m['profile.personal.place'], `${customer.city_name} - ${customer.state}`],
  ];
  return (
    <section className={s.panel} aria-labelledby="profile-personal">
      <h2 id="profile-personal" className={s.panelTitle}>{m['profile.personal.title']}</h2>
      <form ref={form} className={s.form} onSubmit={submit} noValidate aria-labelledby="profile-personal">
        <TextField
          label={company ? m['profile.personal.companyName'] : m['profile.personal.name']} value={values.name} autoComplete={company ? 'organization' : 'name'}
          onChange={(name) => setValues((v) => ({ ...v, name }))} errorMessage={errors.name ? m[errors.name] : undefined} isDisabled={saving} showRequired
        />
        <TextField
          label={m['profile.personal.email']} type="email" value={values.email} autoComplete="email" isReadOnly
          description={m['profile.personal.emailHint']} errorMessage={errors.email ? m[errors.email] : undefined}
        />
        <div><Button variant="secondary" onPress={onChangeEmail} isDisabled={saving}>{m['profile.email.button']}</Button></div>
        {note ? <Notice tone={note === 'profile.personal.unchanged' ? 'info' : 'error'}>{m[note]}</Notice> : null}
        <div className={s.actions}><Button type="submit" variant="primary" isPending={saving}>{m['profile.personal.save']}</Button></div>
      </form>
      <dl className={s.facts}>
        {facts.map(([label, value]) => (
          <div key={label} className={s.fact}><dt className={s.factLabel}>{label}</dt><dd className={s.factValue}>{value}</dd></div>
        ))}
      </dl>
      <p className={s.muted}>{m['profile.personal.phoneHint']}</p>
    </section>
  );
}
