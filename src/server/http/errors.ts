import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { validator } from 'hono/validator';
import * as v from 'valibot';
import { ErrorCode, messageKeyForCode, type ApiErrorBody } from '../../shared/errors';
import { messages } from '../../shared/messages';
import { currentRequestId } from '../platform/log';

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
  const requestId = currentRequestId();
  // the request's id (X-Request-Id) in every error answer: what a customer quotes to support
  return c.json(requestId ? { ...err.body(), request_id: requestId } : err.body(), err.status);
}

/** Fields whose failure has its own code in the spec's catalogue (§8). */
const codeForField: Record<string, number> = { document_value: ErrorCode.CNPJ_INVALID };

/** 400 `{code: 4000, message, field}` from the first valibot issue (or the field's own code). */
export function validationError(issues: readonly v.BaseIssue<unknown>[]): ApiError {
  const first = issues[0];
  const field = first ? v.getDotPath(first) ?? undefined : undefined;
  // the holder form's CPF (document_value too) is a CPF: its own code, not the company's CNPJ one
  const cpf = field === 'document_value' && first?.message === messages['consumer.error.cpf'];
  const code: number = cpf ? ErrorCode.CPF_INVALID : (field ? codeForField[field] : undefined) ?? ErrorCode.VALIDATION;
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

/** An e-mail address; a run of digits with the separators of phones and CPF/CNPJ (10 digits or more). */
const EMAIL = /[^\s@<>()[\]{},;:"'`]+@[^\s@<>()[\]{},;:"'`]+/g;
const NUMBER_RUN = /\+?\d(?:[\d.\-/() ]*\d)?/g;

/**
 * A text fit for the server's log: e-mail addresses and every number of 10 digits or more (phones
 * with or without their formatting, CPF, CNPJ) replaced; shorter numbers (ids, dates) stay.
 */
export function maskPersonalData(text: string): string {
  return text
    .replace(EMAIL, '[e-mail]')
    .replace(NUMBER_RUN, (run) => (run.replace(/\D/g, '').length >= 10 ? '[number]' : run));
}

/** The class's own name (a bundled driver's may be one letter: then its `name`, or what it is). */
const className = (e: Error): string => {
  const ctor = (e.constructor as { name?: unknown } | undefined)?.name;
  const named = [ctor, e.name].find((n): n is string => typeof n === 'string' && n.length > 2 && n.toLowerCase() !== 'error');
  return named ?? ('severity' in e ? 'DatabaseError' : 'Error');
};

const codeOf = (e: Error): string | undefined => {
  const code = (e as { code?: unknown }).code;
  return typeof code === 'string' || typeof code === 'number' ? maskPersonalData(String(code)).slice(0, 40) : undefined;
};

/** Words before a quoted name that is an identifier of the schema, not a value. */
const IDENTIFIER = /\b(relation|constraint|column|table|index|type|function|schema|sequence|database|role|operator|extension|trigger|view)\s*$/i;

/**
 * What a query error may tell: drizzle's DrizzleQueryError message is its SQL and parameters
 * (nothing of it); a database error's message keeps its words and schema names, and loses the
 * values it quotes ('value "…" is out of range').
 */
function queryErrorMessage(e: Error): string {
  const query = (e as { query?: unknown }).query;
  if (/^Failed query:|\bparams:/i.test(e.message) || (typeof query === 'string' && query !== '' && e.message.includes(query))) return '';
  return e.message.replace(/"[^"]*"/g, (quoted, offset: number, all: string) => (IDENTIFIER.test(all.slice(0, offset)) ? quoted : '"…"'));
}

/**
 * An error that carries a query (drizzle's wrapper) or comes from the database itself (PostgreSQL's
 * and PGlite's errors carry `severity`): `params` and `query` are never logged, quoted values never.
 */
const isQueryError = (e: Error): boolean => 'params' in e || 'query' in e || 'severity' in e;

function describeOne(e: unknown, depth: number): string {
  if (!(e instanceof Error)) return `a thrown ${typeof e}`;
  const code = codeOf(e);
  const message = maskPersonalData(isQueryError(e) ? queryErrorMessage(e) : e.message).replace(/\s+/g, ' ').trim().slice(0, 300);
  const cause = e.cause !== undefined && depth < 3 ? ` (cause: ${describeOne(e.cause, depth + 1)})` : '';
  return `${className(e)}${code ? ` [${code}]` : ''}${message ? `: ${message}` : ''}${cause}`;
}

/**
 * One log line for an error the server did not expect: its class, code and masked message (and
 * its cause's), then where it was thrown. Never a query's SQL or parameters, never the request's.
 */
export function describeError(error: unknown): string {
  const frames = error instanceof Error
    ? (error.stack ?? '').split('\n').filter((l) => /^\s+at /.test(l)).slice(0, 5).map((l) => maskPersonalData(l.trim().slice(3)))
    : [];
  return describeOne(error, 0) + (frames.length ? ` at ${frames.join(' < ')}` : '');
}
