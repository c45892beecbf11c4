import { useId, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import * as f from '../Field/Field.css';
import * as styles from './CodeInput.css';

/** Spec §9: the SMS code has 6 digits. */
export const CODE_LENGTH = 6;

export interface CodeInputProps {
  /** Visible group label. @default 'Código de acesso' */
  label?: string;
  /** Controlled value (digits). Leave out to let the boxes keep their own state. */
  value?: string;
  /** Every change, with the digits typed so far (no gaps are kept: '12' then box 3 ...). */
  onChange?: (code: string) => void;
  /** Fired once each time the sixth digit completes the code (spec: auto-submit at six digits). */
  onComplete?: (code: string) => void;
  isDisabled?: boolean;
  /** Marks every box invalid; set with `errorMessage` after a wrong code. */
  isInvalid?: boolean;
  errorMessage?: string;
  /** Focus the first box on mount. @default false */
  autoFocus?: boolean;
  /** @default 6 */
  length?: number;
  className?: string;
}

const digitsOf = (text: string) => text.replace(/\D+/g, '');

/**
 * Six single-digit boxes for the SMS code. Typing moves forward, Backspace moves back, pasting (or
 * the phone's one-time-code autofill into the first box) fills every box, and `onComplete(code)`
 * fires when all boxes are filled. One accessible group with a visible label; each box says which
 * digit it is.
 */
export function CodeInput({
  label = 'Código de acesso',
  value,
  onChange,
  onComplete,
  isDisabled = false,
  isInvalid,
  errorMessage,
  autoFocus = false,
  length = CODE_LENGTH,
  className,
}: CodeInputProps) {
  const id = useId();
  const [own, setOwn] = useState('');
  const code = (value ?? own).slice(0, length);
  const inputs = useRef<Array<HTMLInputElement | null>>([]);
  const invalid = isInvalid ?? Boolean(errorMessage);

  const focusBox = (index: number) => {
    const el = inputs.current[Math.max(0, Math.min(length - 1, index))];
    el?.focus();
    el?.select();
  };

  const commit = (next: string) => {
    const clean = digitsOf(next).slice(0, length);
    if (value === undefined) setOwn(clean);
    onChange?.(clean);
    if (clean.length === length && clean !== code) onComplete?.(clean);
    return clean;
  };

  /** Writes `digits` starting at box `index` and moves focus after the last one written. */
  const writeAt = (index: number, digits: string) => {
    if (!digits) return;
    // A whole code (paste, autofill) always starts at the first box.
    const start = digits.length >= length ? 0 : Math.min(index, code.length);
    const next = (code.slice(0, start) + digits + code.slice(start + digits.length)).slice(0, length);
    const clean = commit(next);
    focusBox(Math.min(start + digits.length, clean.length < length ? clean.length : length - 1));
  };

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault();
      if (code[index] !== undefined) {
        // A filled box is cleared in place; the next Backspace moves back.
        commit(code.slice(0, index) + code.slice(index + 1));
        focusBox(index);
      } else if (index > 0) {
        commit(code.slice(0, index - 1));
        focusBox(index - 1);
      }
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(Math.min(index + 1, code.length));
    }
  };

  const onPaste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    writeAt(index, digitsOf(event.clipboardData.getData('text')));
  };

  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  return (
    <div
      role="group"
      aria-labelledby={labelId}
      aria-describedby={invalid && errorMessage ? errorId : undefined}
      className={[styles.root, className].filter(Boolean).join(' ')}
    >
      <span id={labelId} className={f.label}>
        {label}
      </span>
      <div className={styles.boxes}>
        {Array.from({ length }, (_, index) => {
          const digit = code[index] ?? '';
          return (
            <input
              key={index}
              ref={(el) => {
                inputs.current[index] = el;
              }}
              className={styles.box}
              aria-label={`Dígito ${index + 1} de ${length}`}
              aria-invalid={invalid || undefined}
              data-filled={digit ? '' : undefined}
              value={digit}
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete={index === 0 ? 'one-time-code' : 'off'}
              // Boxes after the first empty one are skipped by Tab: the code is typed in order.
              tabIndex={index === Math.min(code.length, length - 1) ? 0 : -1}
              disabled={isDisabled}
              autoFocus={autoFocus && index === 0}
              onFocus={(event) => event.currentTarget.select()}
              onKeyDown={onKeyDown(index)}
              onPaste={onPaste(index)}
              onChange={(event) => {
                const typed = digitsOf(event.target.value);
                // The box already held a digit: the new one is whatever differs from it.
                const incoming = typed.length > 1 && digit && typed.length === 2 ? typed.replace(digit, '') || typed.slice(-1) : typed;
                writeAt(index, incoming);
              }}
            />
          );
        })}
      </div>
      {invalid && errorMessage ? (
        <span id={errorId} className={f.error} role="alert">
          {errorMessage}
        </span>
      ) : null}
    </div>
  );
}
