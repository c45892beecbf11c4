import type { Context } from 'hono';
import { validator } from 'hono/validator';
import * as v from 'valibot';
import { ERRORS, type ErrorName } from '../../shared/errors';
import { messages } from '../../shared/messages';
import { currentRequestId } from '../platform/log';
import { catalogueMessage, DomainError } from '../errors';

/** The one place a refusal becomes an answer: the table's status, its body, and the request's id. */
export function errorResponse(c: Context, err: DomainError): Response {
  if (err.extra.retry_after_s !== undefined) c.header('Retry-After', String(err.extra.retry_after_s));
  const requestId = currentRequestId();
  const body = { code: err.code, message: err.message, ...err.extra };
  // the request's id (X-Request-Id) in every error answer: what a customer quotes to support
  return c.json(requestId ? { ...body, request_id: requestId } : body, ERRORS[err.refusal].status);
}

/** Fields whose failure has its own code in the spec's catalogue (§8). */
const codeForField: Record<string, ErrorName> = { document_value: 'CNPJ_INVALID' };

/** 400 `{code: 4000, message, field}` from the first valibot issue (or the field's own code). */
export function validationError(issues: readonly v.BaseIssue<unknown>[]): DomainError {
  const first = issues[0];
  const field = first ? v.getDotPath(first) ?? undefined : undefined;
  // the holder form's CPF (document_value too) is a CPF: its own code, not the company's CNPJ one
  const cpf = field === 'document_value' && first?.message === messages['consumer.error.cpf'];
  const refusal: ErrorName = cpf ? 'CPF_INVALID' : (field ? codeForField[field] : undefined) ?? 'VALIDATION';
  const message = refusal === 'VALIDATION' ? first?.message ?? messages['common.error.generic'] : catalogueMessage(refusal);
  return new DomainError(refusal, field ? { field } : {}, message);
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
