import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Hono } from 'hono';
import { describe, expect, test } from 'vitest';
import { ERRORS, ErrorCode, errorNameOfCode, messageKeyForError, userMessageForError, type ErrorName } from '#shared/errors';
import { messages } from '#shared/messages';
import { DomainError } from '../../../src/server/errors';
import { errorResponse } from '../../../src/server/http/errors';

/** An app whose one route throws the refusal named in the path, as a service would. */
const app = new Hono();
app.get('/refuse/:name', (c) => { throw new DomainError(c.req.param('name') as ErrorName, { field: 'x' }); });
app.onError((e, c) => (e instanceof DomainError ? errorResponse(c, e) : c.text('unexpected', 500)));

describe('the error table: every refusal answers with its own status, code and message', () => {
  const names = Object.keys(ERRORS) as ErrorName[];

  test.each(names)('%s', async (name) => {
    const row: { code: number; status: number; message?: keyof typeof messages } = ERRORS[name];
    const res = await app.request(`/refuse/${name}`);
    expect(res.status).toBe(row.status);
    const body = await res.json() as { code: number; message: string; field: string };
    expect(body.code).toBe(row.code);
    expect(body.field).toBe('x');
    // the text a person reads: the table's own message, or the generic one where it names none
    const text = row.message ? messages[row.message] : messages['common.error.generic'];
    expect(body.message).toBe(text);
    // and the browser reads the same text back from the body
    if (name !== 'VALIDATION') expect(userMessageForError(body)).toBe(text);
    if (row.message && name !== 'VALIDATION') expect(messageKeyForError(body)).toBe(row.message);
    expect(errorNameOfCode(row.code)).toBe(name);
    expect(ErrorCode[name]).toBe(row.code);
  });

  test('no two refusals share a code, and every status is a client or gateway error', () => {
    const codes = names.map((n) => ERRORS[n].code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const n of names) expect([4, 5]).toContain(Math.floor(ERRORS[n].status / 100));
  });

  test('the server names refusals only through the table: no status is written beside a code', () => {
    const files = readdirSync('src/server', { recursive: true }).map(String).filter((f) => f.endsWith('.ts'));
    const offenders = files.filter((f) => /new (Api|Domain)Error\(\s*\d/.test(readFileSync(join('src/server', f), 'utf8')));
    expect(offenders).toEqual([]);
    const apiErrors = files.filter((f) => /\bApiError\b/.test(readFileSync(join('src/server', f), 'utf8')));
    expect(apiErrors).toEqual([]);
  });
});
