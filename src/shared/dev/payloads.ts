import * as v from 'valibot';

/** GET /dev/outbox: what the local SMS, WhatsApp and e-mail providers sent, newest first. */
export const OutboxResponse = v.object({
  messages: v.array(v.object({
    channel: v.picklist(['sms', 'whatsapp', 'email']), to: v.string(), body: v.string(), code: v.nullable(v.string()), created_at: v.string(),
  })),
});
