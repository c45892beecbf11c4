import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { validator } from 'hono/validator';
import * as v from 'valibot';
import { ErrorCode, messageKeyForCode, type ApiErrorBody } from '../../shared/errors';
import { messages } from '../../shared/messages';

type Extra = Omit<ApiErrorBody, 'code' | 'message'> & Record<string, unknown>;

/** An error the API answers as `{code, message, ...}`; the message comes from the shared catalogue. */
export class ApiError extends Error {
  constructor(readonly status: ContentfulStatusCode, readonly code: number, readonly extra: Extra = {}, message?: string) {
    super(message ?? catalogueMessage(code));
  }
  body(): ApiErrorBody & Record<string, unknown> {
    return { code: this.code, message: this.message, ...this.extra };
  }
}

export function catalogueMessage(code: number): string {
  const key = messageKeyForCode(code);
  return key ? messages[key] : messages['common.error.generic'];
}

export function errorResponse(c: Context, err: ApiError): Response {
  if (err.extra.retry_after_s !== undefined) c.header('Retry-After', String(err.extra.retry_after_s));
  return c.json(err.body(), err.status);
}

/** Fields whose failure has its own code in the spec's catalogue (§8). */
const codeForField: Record<string, number> = { document_value: ErrorCode.CNPJ_INVALID };

/** 400 `{code: 4000, message, field}` from the first valibot issue (or the field's own code). */
export function validationError(issues: readonly v.BaseIssue<unknown>[]): ApiError {
  const first = issues[0];
  const field = first ? v.getDotPath(first) ?? undefined : undefined;
  const code: number = (field ? codeForField[field] : undefined) ?? ErrorCode.VALIDATION;
  const message = code === ErrorCode.VALIDATION ? first?.message ?? messages['common.error.generic'] : catalogueMessage(code);
  return new ApiError(400, code, field ? { field } : {}, message);
}

/** Request-body validation middleware from a shared valibot schema; `c.req.valid('json')` is its output. */
export const jsonBody = <S extends v.GenericSchema>(schema: S) =>
  validator('json', (value): v.InferOutput<S> => {
    const r = v.safeParse(schema, value);
    if (!r.success) throw validationError(r.issues);
    return r.output;
  });
