import { useId, type ReactNode } from 'react';
import { Checkbox as RACCheckbox, type CheckboxProps as RACCheckboxProps } from 'react-aria-components/Checkbox';
import * as f from '../Field/Field.css';
import * as styles from './Checkbox.css';

export interface CheckboxProps extends Omit<RACCheckboxProps, 'children' | 'className'> {
  /** The label; may contain links (e.g. the terms). */
  children: ReactNode;
  /** Error under the checkbox (e.g. 'Você deve concordar com os Termos!'). */
  errorMessage?: string;
  className?: string;
}

/** A labelled checkbox (RAC Checkbox) with an optional error tied to it by aria-describedby. */
export function Checkbox({ children, errorMessage, className, isInvalid, ...rest }: CheckboxProps) {
  const errorId = useId();
  return (
    <div className={[styles.wrap, className].filter(Boolean).join(' ')}>
      <RACCheckbox
        {...rest}
        isInvalid={isInvalid ?? Boolean(errorMessage)}
        aria-describedby={errorMessage ? errorId : undefined}
        className={styles.checkbox}
      >
        <span className={styles.box} aria-hidden="true">
          <svg className={styles.check} width="14" height="14" viewBox="0 0 16 16">
            <path d="M3 8.5 6.5 12 13 4.5" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </span>
        <span>{children}</span>
      </RACCheckbox>
      {errorMessage ? (
        <span id={errorId} className={f.error}>
          {errorMessage}
        </span>
      ) : null}
    </div>
  );
}
