import { useRef, useState, type ReactNode } from 'react';
import { formatBRL, maskCurrencyInput, parseCurrencyInput } from '#shared/money';
import { TextField } from '../TextField/TextField';

export interface CurrencyFieldProps {
  /** Value in reais (e.g. 250.5), or null when empty. */
  value: number | null;
  /** Called with the value in reais as the person types, or null when the field is emptied. */
  onChange: (value: number | null) => void;
  /** @default 'Valor da conta' */
  label?: string;
  description?: ReactNode;
  errorMessage?: string;
  isDisabled?: boolean;
  /** Red asterisk after the label and aria-required; the machines still validate. */
  showRequired?: boolean;
  onBlur?: () => void;
  className?: string;
}

const shown = (value: number | null) => (value === null ? '' : formatBRL(value));

/**
 * BRL money input (spec §2): typed digits are reais ('450' shows 'R$ 450'), a comma starts the
 * cents, 10 integer digits at most, no negatives; once left it shows 'R$ 450,00'. The rules live
 * in src/shared/money.ts. The text is kept as typed (a value alone cannot say 'R$ 450,').
 */
export function CurrencyField({ value, onChange, label = 'Valor da conta', description, errorMessage, isDisabled, showRequired, onBlur, className }: CurrencyFieldProps) {
  const [text, setText] = useState(() => shown(value));
  // the value this field last reported: another value comes from outside (a saved default) and replaces the text
  const reported = useRef(value);
  if (value !== reported.current) {
    reported.current = value;
    const fromOutside = shown(value);
    if (fromOutside !== text && parseCurrencyInput(text) !== value) setText(fromOutside);
  }
  return (
    <TextField
      label={label}
      description={description}
      errorMessage={errorMessage}
      isDisabled={isDisabled}
      isRequired={showRequired}
      showRequired={showRequired}
      value={text}
      onChange={(typed) => {
        const masked = maskCurrencyInput(typed);
        const next = parseCurrencyInput(masked);
        setText(masked);
        reported.current = next;
        onChange(next);
      }}
      onBlur={() => {
        setText(shown(parseCurrencyInput(text)));
        onBlur?.();
      }}
      inputMode="decimal"
      autoComplete="off"
      placeholder="R$ 0,00"
      className={className}
    />
  );
}
