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

export type Providers = Record<Channel, MessageProvider>;

/** Local stand-in for every channel: rows in the outbox table (read at GET /dev/outbox). */
export function outboxProvider(db: Db, clock: Clock, channel: Channel): MessageProvider {
  return {
    name: `outbox:${channel}`,
    async send(m) {
      await db.insert(outbox).values({ channel, to: m.to, body: m.body, code: m.code ?? null, createdAt: clock.now() });
    },
  };
}

type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

async function expectOk(res: Response, provider: string): Promise<void> {
  if (!res.ok) throw new Error(`${provider} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
}

/** Zenvia SMS API v2: POST /v2/channels/sms/messages with X-API-TOKEN. */
export function zenviaSms(opts: { token: string; from: string; baseUrl?: string; fetch?: FetchLike }): MessageProvider {
  const doFetch = opts.fetch ?? fetch;
  return {
    name: 'zenvia:sms',
    async send(m) {
      const res = await doFetch(`${opts.baseUrl ?? 'https://api.zenvia.com'}/v2/channels/sms/messages`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-API-TOKEN': opts.token },
        body: JSON.stringify({ from: opts.from, to: m.to, contents: [{ type: 'text', text: m.body }] }),
      });
      await expectOk(res, 'Zenvia');
    },
  };
}

/**
 * WhatsApp Cloud API: an approved authentication template whose body takes the code as its one
 * parameter (and whose copy-code button repeats it), sent from the business phone number id.
 */
export function whatsappCloud(opts: {
  token: string; phoneNumberId: string; template: string; language?: string; baseUrl?: string; fetch?: FetchLike;
}): MessageProvider {
  const doFetch = opts.fetch ?? fetch;
  return {
    name: 'whatsapp-cloud',
    async send(m) {
      const code = m.code ?? '';
      const res = await doFetch(`${opts.baseUrl ?? 'https://graph.facebook.com/v21.0'}/${opts.phoneNumberId}/messages`, {
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
      });
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
 * settings refuse it before this runs.
 */
export function providersFromSettings(settings: Pick<Settings, 'sms' | 'whatsapp' | 'email' | 'env'>, db: Db, clock: Clock): Providers {
  const env = settings.env;
  const required = (name: 'ZENVIA_API_TOKEN' | 'ZENVIA_FROM' | 'WHATSAPP_TOKEN' | 'WHATSAPP_PHONE_NUMBER_ID' | 'WHATSAPP_TEMPLATE'): string => {
    const value = env[name];
    if (!value) throw new Error(`${name} is required by the chosen provider`);
    return value;
  };
  const sms = settings.sms === 'zenvia'
    ? zenviaSms({ token: required('ZENVIA_API_TOKEN'), from: required('ZENVIA_FROM') })
    : outboxProvider(db, clock, 'sms');
  const whatsapp = settings.whatsapp === 'cloud'
    ? whatsappCloud({
      token: required('WHATSAPP_TOKEN'),
      phoneNumberId: required('WHATSAPP_PHONE_NUMBER_ID'),
      template: required('WHATSAPP_TEMPLATE'),
      language: env.WHATSAPP_LANGUAGE,
    })
    : settings.whatsapp === 'off' ? offProvider('whatsapp') : outboxProvider(db, clock, 'whatsapp');
  return { sms, whatsapp, email: outboxProvider(db, clock, 'email') };
}

export function localProviders(db: Db, clock: Clock): Providers {
  return { sms: outboxProvider(db, clock, 'sms'), whatsapp: outboxProvider(db, clock, 'whatsapp'), email: outboxProvider(db, clock, 'email') };
}
