import type { ReactNode } from 'react';
import {
  FieldError,
  Input,
  Label,
  Text,
  TextArea,
  TextField as RACTextField,
  type TextFieldProps as RACTextFieldProps,
} from 'react-aria-components/TextField';
import * as f from '../Field/Field.css';

export interface TextFieldProps extends Omit<RACTextFieldProps, 'children' | 'className'> {
  /** Visible label, bound to the input. */
  label: string;
  /** Help text under the input. */
  description?: ReactNode;
  /** Error text; shown (and the field marked invalid) when set. */
  errorMessage?: string;
  placeholder?: string;
  /** Show a red asterisk; does not enable native validation (the machines validate). */
  showRequired?: boolean;
  className?: string;
  /** Several lines (a textarea) of this many rows. */
  rows?: number;
}

/**
 * A labelled text input (RAC TextField). Validation lives in the shared schemas/machines: pass the
 * resulting message in `errorMessage`. `isInvalid` is derived from it unless given.
 */
export function TextField({ label, description, errorMessage, placeholder, showRequired, className, isInvalid, rows, ...rest }: TextFieldProps) {
  return (
    <RACTextField
      {...rest}
      isInvalid={isInvalid ?? Boolean(errorMessage)}
      validationBehavior="aria"
      className={[f.field, className].filter(Boolean).join(' ')}
    >
      <Label className={f.label}>
        {label}
        {showRequired ? <span className={f.required} aria-hidden="true">*</span> : null}
      </Label>
      {rows ? <TextArea className={f.control} placeholder={placeholder} rows={rows} /> : <Input className={f.control} placeholder={placeholder} />}
      {description ? <Text slot="description" className={f.description}>{description}</Text> : null}
      <FieldError className={f.error}>{errorMessage}</FieldError>
    </RACTextField>
  );
}
