import type { ReactNode } from 'react';
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

/**
 * BRL money input (spec §2): shows 'R$ 1.234,56', digits shift in from the cents, 10 integer
 * digits at most, no negatives. The rules live in src/shared/money.ts.
 */
export function CurrencyField({ value, onChange, label = 'Valor da conta', description, errorMessage, isDisabled, showRequired, onBlur, className }: CurrencyFieldProps) {
  return (
    <TextField
      label={label}
      description={description}
      errorMessage={errorMessage}
      isDisabled={isDisabled}
      isRequired={showRequired}
      showRequired={showRequired}
      value={value === null ? '' : formatBRL(value)}
      onChange={(text) => onChange(parseCurrencyInput(maskCurrencyInput(text)))}
      onBlur={onBlur}
      inputMode="numeric"
      autoComplete="off"
      placeholder="R$ 0,00"
      className={className}
    />
  );
}
