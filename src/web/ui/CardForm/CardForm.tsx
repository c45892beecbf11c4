import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { CardInput } from '#machines/checkout/checkoutMachine';
import { CARD_BRAND_NAMES, cardFieldMessage, checkCardNumber, cvvLength, EXPIRY_MONTHS, expiryYears, formatCardNumber, type CardField } from '#shared/checkout/rules';
import { messages as m } from '#shared/messages';
import { Button } from '../Button/Button';
import { Select } from '../Select/Select';
import { TextField } from '../TextField/TextField';
import * as s from './CardForm.css';

export interface CardFormProps {
  /** the fields the provider flagged */
  flagged: readonly CardField[];
  busy: boolean;
  currentYear: number;
  onSubmit: (card: CardInput) => void;
}

const EMPTY: CardInput = { number: '', holder: '', month: '', year: '', cvv: '' };
const MONTHS = EXPIRY_MONTHS.map((mm) => ({ id: mm, name: mm }));

/**
 * The card form (spec §5): number in the brand's groups, holder as printed, month 01-12, year from
 * this one across 20, CVV of the brand's length; 'Confirme'. The card goes to the provider's
 * tokenizer, never to our API; each field the provider flags says 'O {field label} é inválido'.
 */
export function CardForm({ flagged, busy, currentYear, onSubmit }: CardFormProps) {
  const [card, setCard] = useState<CardInput>(EMPTY);
  const form = useRef<HTMLFormElement>(null);
  // the provider flagged fields: the keyboard goes to the first of them, as a person reads the form
  useEffect(() => {
    if (flagged.length > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [flagged]);
  const brand = checkCardNumber(card.number).brand;
  const flag = (...fields: CardField[]) => {
    const hit = fields.find((f) => flagged.includes(f));
    return hit ? cardFieldMessage(hit) : undefined;
  };
  const set = (field: keyof CardInput) => (value: string) => setCard((c) => ({ ...c, [field]: value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit(card);
  };
  return (
    <form ref={form} className={s.form} onSubmit={submit} aria-label={m['checkout.card.title']} noValidate>
      <TextField
        label={m['checkout.card.number']} value={card.number} onChange={(v) => set('number')(formatCardNumber(v))}
        inputMode="numeric" autoComplete="cc-number" errorMessage={flag('number')} isDisabled={busy}
        description={brand ? CARD_BRAND_NAMES[brand] : m['checkout.card.brands']}
      />
      <TextField
        label={m['checkout.card.holder']} value={card.holder} onChange={set('holder')} autoComplete="cc-name" isDisabled={busy}
        errorMessage={flag('full_name', 'first_name', 'last_name')}
      />
      <div className={s.row}>
        <Select label={m['checkout.card.month']} options={MONTHS} value={card.month || null} onChange={(v) => set('month')(v ?? '')} isDisabled={busy} errorMessage={flag('expiration')} />
        <Select
          label={m['checkout.card.year']} options={expiryYears(currentYear).map((y) => ({ id: String(y), name: String(y) }))}
          value={card.year || null} onChange={(v) => set('year')(v ?? '')} isDisabled={busy}
        />
        <TextField
          label={m['checkout.card.cvv']} value={card.cvv} onChange={(v) => set('cvv')(v.replace(/\D/g, '').slice(0, cvvLength(brand)))}
          inputMode="numeric" autoComplete="cc-csc" isDisabled={busy} errorMessage={flag('verification_value')}
        />
      </div>
      <Button type="submit" variant="primary" isPending={busy}>{m['checkout.card.submit']}</Button>
    </form>
  );
}
