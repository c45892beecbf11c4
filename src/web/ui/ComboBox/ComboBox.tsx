import type { ReactNode } from 'react';
import {
  Button as RACButton,
  ComboBox as RACComboBox,
  FieldError,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Text,
  useFilter,
} from 'react-aria-components/ComboBox';
import type { Option } from '../Select/Select';
import { Chevron } from '../Select/Select';
import * as f from '../Field/Field.css';
import * as selectStyles from '../Select/Select.css';
import * as styles from './ComboBox.css';

export interface ComboBoxProps {
  /** Visible label (Cidade). */
  label: string;
  options: readonly Option[];
  /** The selected option's id, or null. */
  value: string | null;
  onChange: (id: string | null) => void;
  placeholder?: string;
  description?: ReactNode;
  errorMessage?: string;
  isDisabled?: boolean;
  /** Shown in the list when nothing matches. @default 'Nenhum resultado' */
  emptyText?: string;
  /** Red asterisk after the label and aria-required; the machines still validate. */
  showRequired?: boolean;
  className?: string;
}

/**
 * A searchable single choice (RAC ComboBox) for long lists such as a state's cities. Matching
 * ignores case and accents ('sao' finds 'São Paulo').
 */
export function ComboBox({ label, options, value, onChange, placeholder, description, errorMessage, isDisabled, emptyText = 'Nenhum resultado', showRequired, className }: ComboBoxProps) {
  const { contains } = useFilter({ sensitivity: 'base' });
  return (
    <RACComboBox
      defaultItems={options}
      value={value}
      onChange={(key) => onChange(key === null ? null : String(key))}
      defaultFilter={contains}
      isDisabled={isDisabled}
      isInvalid={Boolean(errorMessage)}
      isRequired={showRequired}
      validationBehavior="aria"
      menuTrigger="focus"
      className={[f.field, className].filter(Boolean).join(' ')}
    >
      <Label className={f.label}>
        {label}
        {showRequired ? <span className={f.required} aria-hidden="true">*</span> : null}
      </Label>
      <div className={styles.inputWrap}>
        <Input className={`${f.control} ${styles.input}`} placeholder={placeholder} />
        <RACButton className={styles.button} aria-label="Mostrar opções">
          <Chevron />
        </RACButton>
      </div>
      {description ? <Text slot="description" className={f.description}>{description}</Text> : null}
      <FieldError className={f.error}>{errorMessage}</FieldError>
      <Popover className={selectStyles.popover} offset={4}>
        <ListBox className={selectStyles.listBox} renderEmptyState={() => <div className={selectStyles.empty}>{emptyText}</div>}>
          {(option: Option) => (
            <ListBoxItem id={option.id} textValue={option.name} isDisabled={option.isDisabled} className={selectStyles.item}>
              {option.name}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </RACComboBox>
  );
}
