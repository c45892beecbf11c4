import { messageKeyForError } from './errors';
import { messageKeyOfText, type MessageKey } from './messages';

/**
 * What a failed call says, read from the error a call threw: the API client's CallError keeps the
 * response body (`{code, message, field, retry_after_s}`) in `body`; plain objects with those keys
 * (path-test samples) are read the same way. Pure, so machines can name guards on it.
 */
interface FailureShape {
  status?: unknown;
  code?: unknown;
  field?: unknown;
  retry_after_s?: unknown;
  body?: { code?: unknown; message?: unknown; field?: unknown; retry_after_s?: unknown } | undefined;
}

const shape = (error: unknown): FailureShape => (error && typeof error === 'object' ? (error as FailureShape) : {});

/** The error code of the body (1005, 3000, 4290 ...), or null for a cut connection or an unknown failure. */
export function failureCode(error: unknown): number | null {
  const e = shape(error);
  const code = e.body?.code ?? e.code;
  return typeof code === 'number' ? code : null;
}

/** The input the server blamed (`email`, `coupon`, `city` ...), if any. */
export function failureField(error: unknown): string | null {
  const e = shape(error);
  const field = e.body?.field ?? e.field;
  return typeof field === 'string' && field !== '' ? field : null;
}

/** Seconds until the action may be tried again, if the server said. */
export function failureRetryAfter(error: unknown): number | null {
  const e = shape(error);
  const s = e.body?.retry_after_s ?? e.retry_after_s;
  return typeof s === 'number' && Number.isFinite(s) && s > 0 ? Math.ceil(s) : null;
}

/**
 * A failure as a machine keeps it (the house rule: message keys, never text): the catalogue key the
 * screen shows, the input the server blamed and the seconds to wait, when the server said.
 */
export interface Failure {
  key: MessageKey;
  field?: string;
  retryAfter?: number;
}

/** The key of a failure without a body code: how the call failed decides (see the API client). */
function keyWithoutCode(status: unknown, fallback: MessageKey): MessageKey {
  // the request never reached the server
  if (status === 0) return 'common.error.network';
  // an unknown API path answers a bare 404
  if (status === 404) return 'common.error.notFound';
  // the server answered, but not with what the call expects
  if (typeof status === 'number' && status >= 200 && status < 300) return 'common.error.generic';
  return fallback;
}

/**
 * What a failed call means for the person: the body's code mapped to its catalogue key (a text the
 * catalogue does not know is replaced by the key of its code, or by `fallback`), the blamed input
 * and the wait. Anything thrown that is not an API answer gets `fallback`.
 */
export function failureOf(error: unknown, fallback: MessageKey): Failure {
  const e = shape(error);
  const code = failureCode(error);
  const message = e.body ? e.body.message : undefined;
  const key = code === null
    ? keyWithoutCode(e.status, fallback)
    : messageKeyForError({ code, message: typeof message === 'string' ? message : undefined }, fallback);
  const field = failureField(error);
  const retryAfter = failureRetryAfter(error);
  return { key, ...(field !== null ? { field } : {}), ...(retryAfter !== null ? { retryAfter } : {}) };
}

/**
 * The key of a form rule's message: the shared schemas write catalogue texts as their issue
 * messages. A rule without one (a wrong type the forms never send) reads as the field being required.
 */
export const ruleMessageKey = (text: string): MessageKey => messageKeyOfText(text) ?? 'common.form.required';
