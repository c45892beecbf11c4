import type { ReactNode } from 'react';
import { FieldError, Label, Radio, RadioGroup as RACRadioGroup, Text } from 'react-aria-components/RadioGroup';
import * as f from '../Field/Field.css';
import * as styles from './RadioGroup.css';

export interface RadioOption {
  value: string;
  label: ReactNode;
  isDisabled?: boolean;
}

/** The spec's default yes/no labels (bill page: 'Você é o titular da conta de luz?'). */
export const YES_NO_OPTIONS: readonly RadioOption[] = [
  { value: 'yes', label: 'Sim' },
  { value: 'no', label: 'Não' },
];

export interface RadioGroupProps {
  /** The question, shown as the group's label. */
  label: string;
  /** @default YES_NO_OPTIONS (Sim / Não, values 'yes' / 'no') */
  options?: readonly RadioOption[];
  value: string | null;
  onChange: (value: string) => void;
  description?: ReactNode;
  errorMessage?: string;
  isDisabled?: boolean;
  /** @default 'horizontal' */
  orientation?: 'horizontal' | 'vertical';
  className?: string;
}

/** A labelled group of radio cards (RAC RadioGroup). */
export function RadioGroup({ label, options = YES_NO_OPTIONS, value, onChange, description, errorMessage, isDisabled, orientation = 'horizontal', className }: RadioGroupProps) {
  return (
    <RACRadioGroup
      value={value}
      onChange={onChange}
      isDisabled={isDisabled}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
      orientation={orientation}
      className={[styles.group, className].filter(Boolean).join(' ')}
    >
      <Label className={f.label}>{label}</Label>
      <div className={styles.options}>
        {options.map((option) => (
          <Radio key={option.value} value={option.value} isDisabled={option.isDisabled} className={styles.radio}>
            <span className={styles.dot} aria-hidden="true" />
            {option.label}
          </Radio>
        ))}
      </div>
      {description ? <Text slot="description" className={f.description}>{description}</Text> : null}
      <FieldError className={f.error}>{errorMessage}</FieldError>
    </RACRadioGroup>
  );
}
