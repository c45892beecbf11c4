import type { Db } from '../../platform/db/index';
import { outbox } from '../../platform/db/schema';
import type { Clock } from '../../config';
import type { Settings } from '../../settings';

export type Channel = 'sms' | 'whatsapp' | 'email';

export interface OutgoingMessage {
  /** canonical phone or e-mail address */
  to: string;
  body: string;
  /** the access code inside the message (used by templates; kept in the local outbox for tests) */
  code?: string;
}

/** A way to reach a person. Throws when the message was not accepted, so the queue retries. */
export interface MessageProvider {
  readonly name: string;
  send(message: OutgoingMessage): Promise<void>;
}

/** An e-mail, rendered (src/server/notification/emails.ts): subject, plain text and HTML. */
export interface EmailMessage {
  /** the address, lower case */
  to: string;
  subject: string;
  text: string;
  html: string;
  /** the access code inside the message, if any (kept by the local outbox only with `keepCodes`) */
  code?: string;
}

/** A way to send e-mail. Throws when the message was not accepted, so the queue retries. */
export interface EmailProvider {
  readonly name: string;
  send(message: EmailMessage): Promise<void>;
}

export interface Providers { sms: MessageProvider; whatsapp: MessageProvider; email: EmailProvider }

/**
 * What the local stand-ins do with codes: `keepCodes` (development and tests) stores the code in
 * the outbox row so GET /dev/outbox and the tests can read it; otherwise the column stays empty
 * and no code is written down in clear.
 */
export interface OutboxOptions { keepCodes: boolean }

/** Local stand-in for a phone channel: rows in the outbox table (read at GET /dev/outbox). */
export function outboxProvider(db: Db, clock: Clock, channel: Exclude<Channel, 'email'>, opts: OutboxOptions): MessageProvider {
  return {
    name: `outbox:${channel}`,
    async send(m) {
      await db.insert(outbox).values({ channel, to: m.to, body: m.body, code: opts.keepCodes ? m.code ?? null : null, createdAt: clock.now() });
    },
  };
}

/** The outbox's text of an e-mail: its subject, a blank line, its plain-text body. */
export const outboxBodyOfEmail = (m: Pick<EmailMessage, 'subject' | 'text'>): string => `${m.subject}\n\n${m.text}`;

/** Local stand-in for e-mail: a row in the outbox table with the subject and the plain text. */
export function outboxEmail(db: Db, clock: Clock, opts: OutboxOptions): EmailProvider {
  return {
    name: 'outbox:email',
    async send(m) {
      await db.insert(outbox).values({
        channel: 'email', to: m.to.toLowerCase(), body: outboxBodyOfEmail(m), code: opts.keepCodes ? m.code ?? null : null, createdAt: clock.now(),
      });
    },
  };
}

type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** How long a messaging provider may take to answer before the send fails (and the queue retries). */
export const MESSAGING_TIMEOUT_MS = 10_000;

/** A provider call bounded by `timeoutMs`: no answer in time rejects (the job is retried with backoff). */
async function boundedFetch(doFetch: FetchLike, provider: string, url: string, init: RequestInit, timeoutMs: number): Promise<Response> {
  try {
    return await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (e) {
    const name = (e as Error | undefined)?.name;
    if (name === 'TimeoutError' || name === 'AbortError') throw new Error(`${provider}: no answer in ${timeoutMs} ms`, { cause: e });
    throw e;
  }
}

async function expectOk(res: Response, provider: string): Promise<void> {
  if (!res.ok) throw new Error(`${provider} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
}

/** Zenvia SMS API v2: POST /v2/channels/sms/messages with X-API-TOKEN. */
export function zenviaSms(opts: { token: string; from: string; baseUrl?: string; fetch?: FetchLike; timeoutMs?: number }): MessageProvider {
  const doFetch = opts.fetch ?? fetch;
  return {
    name: 'zenvia:sms',
    async send(m) {
      const res = await boundedFetch(doFetch, 'Zenvia', `${opts.baseUrl ?? 'https://api.zenvia.com'}/v2/channels/sms/messages`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-API-TOKEN': opts.token },
        body: JSON.stringify({ from: opts.from, to: m.to, contents: [{ type: 'text', text: m.body }] }),
      }, opts.timeoutMs ?? MESSAGING_TIMEOUT_MS);
      await expectOk(res, 'Zenvia');
    },
  };
}

/**
 * WhatsApp Cloud API: an approved authentication template whose body takes the code as its one
 * parameter (and whose copy-code button repeats it), sent from the business phone number id.
 */
export function whatsappCloud(opts: {
  token: string; phoneNumberId: string; template: string; language?: string; baseUrl?: string; fetch?: FetchLike; timeoutMs?: number;
}): MessageProvider {
  const doFetch = opts.fetch ?? fetch;
  return {
    name: 'whatsapp-cloud',
    async send(m) {
      const code = m.code ?? '';
      const res = await boundedFetch(doFetch, 'WhatsApp Cloud API', `${opts.baseUrl ?? 'https://graph.facebook.com/v21.0'}/${opts.phoneNumberId}/messages`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${opts.token}` },
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          to: m.to,
          type: 'template',
          template: {
            name: opts.template,
            language: { code: opts.language ?? 'pt_BR' },
            components: [
              { type: 'body', parameters: [{ type: 'text', text: code }] },
              { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: code }] },
            ],
          },
        }),
      }, opts.timeoutMs ?? MESSAGING_TIMEOUT_MS);
      await expectOk(res, 'WhatsApp Cloud API');
    },
  };
}

/** A channel the operator turned off (WHATSAPP_PROVIDER=off): its jobs fail and say so. */
export function offProvider(channel: Channel): MessageProvider {
  return {
    name: `off:${channel}`,
    async send() { throw new Error(`the ${channel} channel is off`); },
  };
}

/**
 * Providers from the checked settings (src/server/settings.ts): SMS_PROVIDER=zenvia (ZENVIA_API_TOKEN,
 * ZENVIA_FROM) or the outbox; WHATSAPP_PROVIDER=cloud (WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID,
 * WHATSAPP_TEMPLATE, WHATSAPP_LANGUAGE), off, or the outbox. Production never gets the outbox: the
 * settings refuse it before this runs. E-mail is chosen by the settings (settings.ts emailSetting) and handed in.
 */
export function providersFromSettings(
  settings: Pick<Settings, 'sms' | 'whatsapp' | 'env'>, db: Db, clock: Clock, opts: OutboxOptions & { email: EmailProvider },
): Providers {
  const env = settings.env;
  const required = (name: 'ZENVIA_API_TOKEN' | 'ZENVIA_FROM' | 'WHATSAPP_TOKEN' | 'WHATSAPP_PHONE_NUMBER_ID' | 'WHATSAPP_TEMPLATE'): string => {
    const value = env[name];
    if (!value) throw new Error(`${name} is required by the chosen provider`);
    return value;
  };
  const sms = settings.sms === 'zenvia'
    ? zenviaSms({ token: required('ZENVIA_API_TOKEN'), from: required('ZENVIA_FROM') })
    : outboxProvider(db, clock, 'sms', opts);
  const whatsapp = settings.whatsapp === 'cloud'
    ? whatsappCloud({
      token: required('WHATSAPP_TOKEN'),
      phoneNumberId: required('WHATSAPP_PHONE_NUMBER_ID'),
      template: required('WHATSAPP_TEMPLATE'),
      language: env.WHATSAPP_LANGUAGE,
    })
    : settings.whatsapp === 'off' ? offProvider('whatsapp') : outboxProvider(db, clock, 'whatsapp', opts);
  return { sms, whatsapp, email: opts.email };
}

/** Every channel to the outbox, codes kept: the API tests' providers (they read codes from the outbox). */
export function localProviders(db: Db, clock: Clock): Providers {
  const keep = { keepCodes: true };
  return { sms: outboxProvider(db, clock, 'sms', keep), whatsapp: outboxProvider(db, clock, 'whatsapp', keep), email: outboxEmail(db, clock, keep) };
}
