import type { ReactNode } from 'react';
import {
  Button as RACButton,
  FieldError,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select as RACSelect,
  SelectValue,
  Text,
} from 'react-aria-components/Select';
import * as f from '../Field/Field.css';
import * as styles from './Select.css';

/** One choice of a Select or ComboBox: `id` is what is stored/sent, `name` what is shown. */
export interface Option {
  id: string;
  name: string;
  isDisabled?: boolean;
}

export interface SelectProps {
  /** Visible label (Estado, Tipo de imóvel, ...). */
  label: string;
  options: readonly Option[];
  /** The selected option's id, or null. */
  value: string | null;
  onChange: (id: string | null) => void;
  /** Text before anything is chosen. @default 'Selecione' */
  placeholder?: string;
  description?: ReactNode;
  errorMessage?: string;
  isDisabled?: boolean;
  /** Red asterisk after the label and aria-required; the machines still validate. */
  showRequired?: boolean;
  onBlur?: () => void;
  className?: string;
}

export function Chevron({ className }: { className?: string }) {
  return (
    <svg className={className} width="18" height="18" viewBox="0 0 20 20" aria-hidden="true">
      <path d="M5 7.5 10 12.5 15 7.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** A labelled single-choice list (RAC Select). Used for Estado, Cidade and Tipo de imóvel. */
export function Select({ label, options, value, onChange, placeholder = 'Selecione', description, errorMessage, isDisabled, showRequired, onBlur, className }: SelectProps) {
  return (
    <RACSelect
      value={value}
      onChange={(key) => onChange(key === null ? null : String(key))}
      isDisabled={isDisabled}
      isInvalid={Boolean(errorMessage)}
      isRequired={showRequired}
      validationBehavior="aria"
      placeholder={placeholder}
      onBlur={onBlur}
      className={[f.field, className].filter(Boolean).join(' ')}
    >
      <Label className={f.label}>
        {label}
        {showRequired ? <span className={f.required} aria-hidden="true">*</span> : null}
      </Label>
      <RACButton className={`${f.control} ${styles.trigger}`}>
        <SelectValue className={styles.value} />
        <Chevron className={styles.chevron} />
      </RACButton>
      {description ? <Text slot="description" className={f.description}>{description}</Text> : null}
      <FieldError className={f.error}>{errorMessage}</FieldError>
      <Popover className={styles.popover} offset={4}>
        <ListBox className={styles.listBox} items={options}>
          {(option) => (
            <ListBoxItem id={option.id} textValue={option.name} isDisabled={option.isDisabled} className={styles.item}>
              {option.name}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </RACSelect>
  );
}
