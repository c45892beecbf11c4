import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { SigningCodeRequest, SigningRequest } from '#shared/contract/payloads';
import { messages as m } from '#shared/messages';
import type { AppDeps } from '../config';
import { validationError } from '../http/errors';
import { DomainError } from '../errors';
import { capBody } from '../http/bodyCap';
import { clientAddress } from '../http/common';
import { PdfThread } from '../engines/pdf/pdfThread';
import { toLines, type TextItem } from '../engines/bill-reader/extractText';
import { dateTimeBR } from '../engines/contracts/format';
import { portalOrigin } from '../contract/routes';
import { contractOfKey, recordView, sendSigningCode, signContract } from '../contract/signing';
import { refusalPage, signingPage } from './page';
import { SCRIPT_PATH, SIGNING_SCRIPT } from './script';

/**
 * Our own signing page (ARCHITECTURE "E-signature"), served by the server outside the SPA bundle:
 * GET /sign/{key}?embedded=true&origin=... shows the document, the signer, the consent and the SMS
 * code; POST /sign/{key}/code sends the code; POST /sign/{key} signs. Embedded, the page opens only
 * for an allowed origin (the portal's), which alone may frame it and receive 'signed'.
 */

/** The page's own headers: the global ones forbid framing, this page may be framed by the portal. */
function csp(frameAncestor: string | null): string {
  return [
    "default-src 'none'", "script-src 'self'", "style-src 'unsafe-inline'", "connect-src 'self'", "img-src 'self'",
    `frame-ancestors ${frameAncestor ?? "'none'"}`, "form-action 'none'", "base-uri 'none'",
  ].join('; ');
}

function html(body: string, status: number, frameAncestor: string | null): Response {
  return new Response(body, {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': csp(frameAncestor), 'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer',
    },
  });
}

/** The origins whose pages may frame the signing page: the portal's own. */
export const allowedOrigins = (c: Context, deps: Pick<AppDeps, 'publicOrigin'>): string[] => [portalOrigin(c, deps)];

const pdfText = new PdfThread();
const texts = new Map<string, string>();

/** The document's text, read from the very PDF being signed (cached by its hash). */
async function documentText(bytes: Uint8Array, sha256: string): Promise<string> {
  const known = texts.get(sha256);
  if (known) return known;
  const outcome = await pdfText.run('document', bytes, 15_000);
  if (outcome.kind !== 'done') throw new Error(`contract text not read: ${outcome.kind}`);
  const lines = toLines(outcome.items as TextItem[]);
  let page = 1;
  const text = lines.map((l) => { const sep = l.page !== page ? '\n\n' : ''; page = l.page; return sep + l.text; }).join('\n');
  if (texts.size > 500) texts.delete(texts.keys().next().value as string);
  texts.set(sha256, text);
  return text;
}

async function jsonBody<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  const raw: unknown = await c.req.json().catch(() => null);
  const parsed = v.safeParse(schema, raw);
  if (!parsed.success) throw validationError(parsed.issues);
  return parsed.output;
}

/** The page's own routes (HTML, its script, its PDF and its two calls): outside the API and its descriptors. */
export const SIGNING_PAGE_ROUTES = [
  'GET /sign/:key', 'GET /sign/:key/document.pdf', `GET ${SCRIPT_PATH}`, 'POST /sign/:key', 'POST /sign/:key/code',
] as const;

export function signingPageRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  app.get(SCRIPT_PATH, () => new Response(SIGNING_SCRIPT, {
    headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=300', 'X-Content-Type-Options': 'nosniff' },
  }));

  app.get('/sign/:key', async (c) => {
    const embedded = c.req.query('embedded') === 'true';
    const origin = c.req.query('origin') ?? null;
    const allowed = allowedOrigins(c, deps);
    // embedded for a page we do not know: refused, and nothing is shown that it could frame
    if (embedded && (!origin || !allowed.includes(origin))) return html(refusalPage(m['signing.originRefused']), 403, null);
    let row;
    try {
      row = await contractOfKey(deps.db, c.req.param('key'));
    } catch {
      return html(refusalPage(m['signing.notFound']), 404, embedded ? origin : null);
    }
    await recordView(deps, row);
    const bytes = await deps.storage.read(row.fileKey);
    return html(signingPage({
      key: row.signatureKey, title: row.name, signer: row.signer.name, phoneLast4: row.signer.phone.slice(-4),
      text: await documentText(bytes, row.sha256), signedAt: row.signedAt ? dateTimeBR(row.signedAt) : null,
      origin: embedded ? origin : null,
    }), 200, embedded ? origin : null);
  });

  app.get('/sign/:key/document.pdf', async (c) => {
    const row = await contractOfKey(deps.db, c.req.param('key'));
    const bytes = await deps.storage.read(row.signedFileKey ?? row.fileKey);
    return new Response(Buffer.from(bytes), {
      headers: {
        'Content-Type': 'application/pdf', 'Content-Disposition': 'inline', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'", 'Referrer-Policy': 'no-referrer',
      },
    });
  });

  // the two calls carry a secret, a code and a tick: a few hundred bytes; anything larger is refused before it is read
  const small = capBody(4 * 1024, () => new DomainError('BODY_TOO_LARGE'));
  app.post('/sign/:key/code', small, async (c) => {
    const body = await jsonBody(c, SigningCodeRequest);
    return c.json(await sendSigningCode(deps, c.req.param('key'), body.secret, clientAddress(c, deps)), 202);
  });

  app.post('/sign/:key', small, async (c) => {
    const body = await jsonBody(c, SigningRequest);
    const r = await signContract(deps, c.req.param('key'), body, { ip: clientAddress(c, deps), userAgent: c.req.header('User-Agent') ?? '' });
    return c.json({ signed: true, signed_at: r.signed_at, signed_sha256: r.signed_sha256 }, r.already ? 200 : 201);
  });
  return app;
}
