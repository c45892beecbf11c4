import { ERRORS, type ApiErrorBody, type ErrorName } from '#shared/errors';
import { messages } from '#shared/messages';

/** What a refusal carries besides its code and message: the offending field, a wait, ids. */
export type RefusalExtra = Omit<ApiErrorBody, 'code' | 'message'> & Record<string, unknown>;

/**
 * A refusal by one of the portal's rules, named in the shared error table (src/shared/errors.ts).
 * Services throw it and know nothing of HTTP; the edge (http/errors.ts) answers it with the
 * table's status, code and message.
 */
export class DomainError extends Error {
  constructor(readonly refusal: ErrorName, readonly extra: RefusalExtra = {}, message?: string) {
    super(message ?? catalogueMessage(refusal));
    this.name = 'DomainError';
  }
  /** the code its body carries */
  get code(): number {
    return ERRORS[this.refusal].code;
  }
}

/** The catalogue text of a refusal (the generic text for one without its own). */
export function catalogueMessage(refusal: ErrorName): string {
  const row = ERRORS[refusal];
  return 'message' in row ? messages[row.message] : messages['common.error.generic'];
}
