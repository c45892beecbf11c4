/**
 * What a failed call says, read from the error a call threw: the API client's ApiError keeps the
 * response body (`{code, message, field, retry_after_s}`) in `body`; plain objects with those keys
 * (path-test samples) are read the same way. Pure, so machines can name guards on it.
 */
interface FailureShape {
  code?: unknown;
  field?: unknown;
  retry_after_s?: unknown;
  body?: { code?: unknown; field?: unknown; retry_after_s?: unknown } | undefined;
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
