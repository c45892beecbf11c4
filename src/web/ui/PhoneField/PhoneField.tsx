import { DEFAULT_COUNTRY_CODE, maskCellPhone, onlyDigits } from '#shared/phone';
import { TextField } from '../TextField/TextField';
import * as f from '../Field/Field.css';
import * as styles from './PhoneField.css';

/** What the phone field holds: digits only. `canonicalPhone(countryCode, cellPhone)` joins them. */
export interface PhoneValue {
  /** 2 digits, default '55' (spec §5). */
  countryCode: string;
  /** Up to 11 digits: DDD + 9 digits. */
  cellPhone: string;
}

export const EMPTY_PHONE: PhoneValue = { countryCode: DEFAULT_COUNTRY_CODE, cellPhone: '' };

export interface PhoneFieldProps {
  value: PhoneValue;
  /** Called with digits only; the mask is display-only. */
  onChange: (value: PhoneValue) => void;
  /** Error under the DDI box (e.g. messages['code.COUNTRY_CODE_INVALID']). */
  countryCodeError?: string;
  /** Error under the Celular box (e.g. messages['code.PHONE_NUMBER_INVALID']). */
  cellPhoneError?: string;
  isDisabled?: boolean;
  autoFocus?: boolean;
  /** Label of the cell-phone box. @default 'Celular' */
  label?: string;
  className?: string;
}

/**
 * Country code (DDI, 2 digits, default 55) and cell phone with the (11) 98765-4321 mask.
 * Uses src/shared/phone.ts; validation stays in the shared schema / auth machine.
 */
export function PhoneField({
  value,
  onChange,
  countryCodeError,
  cellPhoneError,
  isDisabled,
  autoFocus,
  label = 'Celular',
  className,
}: PhoneFieldProps) {
  return (
    <div className={[styles.group, className].filter(Boolean).join(' ')}>
      <TextField
        label="DDI"
        value={value.countryCode}
        onChange={(text) => onChange({ ...value, countryCode: onlyDigits(text).slice(0, 2) })}
        errorMessage={countryCodeError}
        isDisabled={isDisabled}
        inputMode="numeric"
        autoComplete="tel-country-code"
        maxLength={2}
        placeholder="55"
        className={f.field}
      />
      <TextField
        label={label}
        value={maskCellPhone(value.cellPhone)}
        onChange={(text) => onChange({ ...value, cellPhone: onlyDigits(text).slice(0, 11) })}
        errorMessage={cellPhoneError}
        isDisabled={isDisabled}
        autoFocus={autoFocus}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder="(11) 98765-4321"
      />
    </div>
  );
}
