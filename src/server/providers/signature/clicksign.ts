import { createHmac, timingSafeEqual } from 'node:crypto';
import { SignatureProviderError, type SignatureProvider, type SignatureRequest, type Signer } from './contract';

/**
 * Clicksign adapter, API v1 ("sem Envelope", https://developers.clicksign.com/v1.0/docs). One
 * request is three calls, each authenticated by `?access_token=`:
 * 1. POST /api/v1/documents (criar-documento): the PDF as a data: URI in `content_base64`, under
 *    `path` (a folder in the Clicksign account, not ours); answers `document.key`;
 * 2. POST /api/v1/signers (criar-signatario): the person, with an SMS token (`auths: ['sms']`) and
 *    `delivery: 'none'` since the portal shows the frame itself; answers `signer.key`;
 * 3. POST /api/v1/lists (adicionar signatário a documento): joins the two; answers
 *    `list.request_signature_key`, what the embedded widget opens (/sign/{request_signature_key}).
 * A signer is created per request, so a document has exactly one list.
 *
 * Webhooks (disparos-de-webhooks): POST with header `Content-Hmac: sha256=<hex HMAC-SHA256 of the
 * raw body, keyed with the webhook's "HMAC SHA256 Secret">` and body `{ event: { name, data,
 * occurred_at }, document: { key, status, signers: [...], downloads, ... } }`. The `sign` event
 * names the signer in `event.data.signer` by signer `key` and `list_key`, not by
 * request_signature_key; the document's `signers[]` carry all three, so the key is found there.
 *
 * Neither errors nor logs carry the signer's data: Clicksign's error bodies may echo what was sent,
 * so only the step and the status are reported.
 */

export interface ClicksignConfig {
  accessToken: string;
  /** https://sandbox.clicksign.com or https://app.clicksign.com */
  baseUrl: string;
  /** the webhook's "HMAC SHA256 Secret" (Configurações > API > Webhooks) */
  webhookSecret: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

type Json = Record<string, unknown>;

const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** CPF as Clicksign's `documentation` wants it: 000.000.000-00. */
export function clicksignCpf(cpf: string): string {
  const d = cpf.replace(/\D/g, '');
  if (d.length !== 11) throw new Error('signer CPF must have 11 digits');
  return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
}

/**
 * Phone as Clicksign's `phone_number` wants it: area code and number, 10 or 11 digits, no country
 * code (their example: 11987654321). Ours carry Brazil's 55 first; SMS goes to Brazilian numbers only.
 */
export function clicksignPhone(phone: string): string {
  const d = phone.replace(/\D/g, '');
  const national = d.length >= 12 && d.startsWith('55') ? d.slice(2) : d;
  if (national.length !== 10 && national.length !== 11) throw new Error('signer phone must be a Brazilian number (55 + area code + number)');
  return national;
}

function signerBody(s: Signer) {
  return {
    signer: {
      email: s.email,
      phone_number: clicksignPhone(s.phone),
      auths: ['sms'],
      name: s.name,
      // when sent, the signer cannot change it on the page; when unknown (a bill holder without a
      // CPF on record), they type it there: Clicksign asks it since has_documentation is true
      ...(s.cpf.replace(/\D/g, '') ? { documentation: clicksignCpf(s.cpf) } : {}),
      ...(s.birthday ? { birthday: s.birthday } : {}),
      has_documentation: true,
      delivery: 'none',
    },
  };
}

export function clicksignSignatures(config: ClicksignConfig): SignatureProvider {
  if (!config.accessToken) throw new Error('clicksign needs an access token');
  if (!config.webhookSecret) throw new Error('clicksign needs the webhook secret');
  const doFetch = config.fetch ?? fetch;
  const base = config.baseUrl.replace(/\/+$/, '');
  const frameOrigin = new URL(base).origin;
  const timeoutMs = config.timeoutMs ?? 20_000;
  const secret = config.webhookSecret;

  /** One call; `step` names it in errors (the URL is left out: it carries the access token). */
  const call = async (step: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Json> => {
    let res: Response;
    try {
      res = await doFetch(`${base}${path}?access_token=${encodeURIComponent(config.accessToken)}`, {
        method,
        headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        signal: AbortSignal.timeout(timeoutMs),
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (e) {
      throw new SignatureProviderError(`clicksign did not answer ${step}: ${networkReason(e)}`);
    }
    // the body is read but never quoted: it may echo the signer's data
    const text = await res.text().catch(() => '');
    if (!res.ok) throw new SignatureProviderError(`clicksign refused ${step} (${res.status})`);
    try {
      return obj(JSON.parse(text));
    } catch {
      throw new SignatureProviderError(`clicksign answered ${step} with something other than JSON (${res.status})`);
    }
  };

  const provider: SignatureProvider = {
    name: 'clicksign',
    frameOrigin,

    async request(r: SignatureRequest) {
      const signer = signerBody(r.signer);
      const doc = obj((await call('creating the document', 'POST', '/api/v1/documents', {
        document: {
          path: `/portal/${r.contractId}.pdf`,
          content_base64: `data:application/pdf;base64,${Buffer.from(r.pdf).toString('base64')}`,
          // deadline_at left to Clicksign's default (30 days from upload)
          auto_close: true,
          locale: 'pt-BR',
          sequence_enabled: false,
        },
      })).document);
      const documentKey = str(doc.key);
      if (!documentKey) throw new SignatureProviderError('clicksign created a document without key');

      const signerKey = str(obj((await call('creating the signer', 'POST', '/api/v1/signers', signer)).signer).key);
      if (!signerKey) throw new SignatureProviderError('clicksign created a signer without key');

      const list = obj((await call('adding the signer to the document', 'POST', '/api/v1/lists', {
        // contractor: "Assinar como contratante", the customer hiring the service
        list: { document_key: documentKey, signer_key: signerKey, sign_as: 'contractor', refusable: false },
      })).list);
      const key = str(list.request_signature_key);
      if (!key) throw new SignatureProviderError('clicksign added the signer without request_signature_key');
      return { key, documentRef: documentKey };
    },

    // the same URL Clicksign's embedded.js builds: {endpoint}/sign/{key}?embedded=true&origin=...
    frameUrl: (key, origin) => `${base}/sign/${encodeURIComponent(key)}?embedded=true&origin=${encodeURIComponent(origin)}`,

    parseWebhook(rawBody, headers) {
      if (!authentic(secret, rawBody, headers.get('Content-Hmac'))) return null;
      let payload: Json;
      try {
        payload = obj(JSON.parse(rawBody));
      } catch {
        return null;
      }
      const event = obj(payload.event);
      const name = str(event.name);
      if (!name) return null;
      const document = obj(payload.document);
      const documentRef = str(document.key);
      if (name === 'sign') return { kind: 'signed', key: signedKey(obj(obj(event.data).signer), document), documentRef };
      // auto_close: the last signature closed it; close: someone closed it by hand or by API
      if (name === 'auto_close' || name === 'close') return { kind: 'closed', key: null, documentRef };
      return { kind: 'other', key: null, documentRef };
    },

    async signedFile(documentRef) {
      const doc = obj((await call('reading the document', 'GET', `/api/v1/documents/${encodeURIComponent(documentRef)}`)).document);
      if (doc.status !== 'closed') return null;
      // the signed file appears a few seconds after closing; the link is short-lived (minutes)
      const link = str(obj(doc.downloads).signed_file_url);
      if (!link) return null;
      let res: Response;
      try {
        // a pre-signed storage link: the access token is not sent there
        res = await doFetch(new URL(link, `${base}/`).toString(), { signal: AbortSignal.timeout(timeoutMs) });
      } catch (e) {
        throw new SignatureProviderError(`clicksign's signed file did not download: ${networkReason(e)}`);
      }
      if (!res.ok) throw new SignatureProviderError(`clicksign's signed file did not download (${res.status})`);
      return new Uint8Array(await res.arrayBuffer());
    },
  };
  return provider;
}

/** `Content-Hmac: sha256=<hex>` against our own HMAC of the raw body, compared in constant time. */
function authentic(secret: string, rawBody: string, header: string | null): boolean {
  if (!header) return false;
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex')}`);
  const given = Buffer.from(header.trim().toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The request_signature_key a `sign` event is about. The event names the signer by `list_key` and
 * signer `key`; the document's `signers[]` entry with the same list_key (or, lacking it, the same
 * signer key) carries the request_signature_key. When nothing matches, null: the caller matches by
 * the document instead (one signer per document in this portal).
 */
function signedKey(signer: Json, document: Json): string | null {
  const direct = str(signer.request_signature_key);
  if (direct) return direct;
  const signers = Array.isArray(document.signers) ? document.signers.map(obj) : [];
  const listKey = str(signer.list_key);
  const signerKey = str(signer.key);
  const match = (listKey && signers.find((s) => str(s.list_key) === listKey))
    || (signerKey && signers.find((s) => str(s.key) === signerKey))
    || undefined;
  return match ? str(match.request_signature_key) : null;
}

/** A network failure's reason, without the URL (it carries the access token). */
function networkReason(e: unknown): string {
  if (e instanceof Error && e.name === 'TimeoutError') return 'timed out';
  const cause = e instanceof Error ? obj(e.cause) : {};
  return str(cause.code) ?? (e instanceof Error ? e.name : 'network failure');
}
