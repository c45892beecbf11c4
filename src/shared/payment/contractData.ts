import * as v from 'valibot';
import { messageKeyOfText, messages as m, type MessageKey } from '../messages';
import { birthDateParts, isBirthDate, MARITAL_STATUSES, OCCUPATION_MIN, toMonthDayYear, type MaritalStatus } from '../contract/rules';
import type { CreateContractsRequest } from '../contract/payloads';

/**
 * The payment screen's contract-data form (spec §5 "Contract-data form", §3 "Contract creation
 * input"): occupation, marital status and birth date, each 'Required' when empty, validated on
 * submit only; then sent to POST portal/customers/create_contracts with the date as month-day-year.
 * The financing machine's guard and the screen read it from here.
 */

export const CONTRACT_DATA_FIELDS = ['occupation', 'marital_status', 'date_of_birth'] as const;
export type ContractDataField = (typeof CONTRACT_DATA_FIELDS)[number];

/** The form as typed: the birth date masked dd/mm/aaaa, the marital status one of the five values (or empty). */
export interface ContractDataValues { occupation: string; marital_status: string; date_of_birth: string }

export const EMPTY_CONTRACT_DATA: ContractDataValues = { occupation: '', marital_status: '', date_of_birth: '' };

const REQUIRED = m['payment.contractData.required'];

/** The form's schema at a given day (a birth date is a real day, not in the future). */
export const contractDataSchema = (today: Date) => v.object({
  occupation: v.pipe(v.string(), v.trim(), v.nonEmpty(REQUIRED), v.minLength(OCCUPATION_MIN, m['consumer.error.occupation']), v.maxLength(80, m['consumer.error.occupation'])),
  marital_status: v.pipe(v.string(), v.nonEmpty(REQUIRED), v.picklist(MARITAL_STATUSES, m['consumer.error.marital'])),
  date_of_birth: v.pipe(
    v.string(), v.trim(), v.nonEmpty(REQUIRED),
    v.check((s) => birthDateParts(s) !== null && isBirthDate(s, today), m['consumer.error.birth']),
  ),
});

/** Each field's first problem as a catalogue key ('Required' for an empty one); empty when the form may be sent. */
export function contractDataProblems(values: ContractDataValues, today: Date): Partial<Record<ContractDataField, MessageKey>> {
  const issues = v.safeParse(contractDataSchema(today), values).issues ?? [];
  const problems: Partial<Record<ContractDataField, MessageKey>> = {};
  for (const issue of issues) {
    const field = issue.path?.[0]?.key as ContractDataField | undefined;
    if (field && !problems[field]) problems[field] = messageKeyOfText(issue.message) ?? 'payment.contractData.required';
  }
  return problems;
}

/** What the form sends (spec §5: the date goes to month-day-year). */
export function toCreateContracts(values: ContractDataValues): v.InferInput<typeof CreateContractsRequest> {
  return {
    occupation: values.occupation.trim(),
    marital_status: values.marital_status as MaritalStatus,
    date_of_birth: toMonthDayYear(values.date_of_birth.trim()),
  };
}
