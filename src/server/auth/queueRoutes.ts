import { Hono } from 'hono';
import { SmsQueueRequest, SmsQueueResponse } from '#shared/auth/payloads';
import { ErrorCode } from '#shared/errors';
import { acceptBotCheck } from './botCheck';
import { hasLiveCodeRequest, recordCodeRequest } from './codes';
import type { AppDeps } from '../config';
import { ApiError, jsonBody } from '../http/errors';
import { enqueue } from '../platform/queue/queue';
import { clientAddress, err } from '../http/common';
import type { RouteDoc } from '../http/registry';

export const queueRoutes: RouteDoc[] = [{
  method: 'post',
  path: '/queue/sms',
  tag: 'auth',
  summary: 'Queue_sms: ask for an access code by SMS (or WhatsApp with origin REQUEST_WHATSAPP). The same answer for every number.',
  body: SmsQueueRequest,
  responses: {
    202: { description: 'queued; a worker issues the code and sends it', schema: SmsQueueResponse },
    400: err('invalid payload (4000) or bot check missing/failed (4001)'),
    429: err('resend too early (4290), send limit (4291), per-address limit (4292); retry_after_s says when'),
  },
}];

export function queueApi(deps: AppDeps): Hono {
  return new Hono().post('/sms', jsonBody(SmsQueueRequest), async (c) => {
    const body = c.req.valid('json');
    const address = clientAddress(c, deps);
    // A first request proves it is not a bot; a resend inside a live request may skip the widget.
    const botCheckNeeded = !body.resend || !(await hasLiveCodeRequest(deps, body.phone));
    if (body.recaptcha || botCheckNeeded) {
      if (!(await acceptBotCheck(deps, body.recaptcha))) throw new ApiError(400, ErrorCode.BOT_CHECK_FAILED, { field: 'recaptcha' });
    }
    const channel = body.origin === 'REQUEST_WHATSAPP' ? 'whatsapp' : 'sms';
    await deps.db.transaction(async (tx) => {
      await recordCodeRequest(tx, deps, body.phone, address);
      await enqueue(tx, deps.clock, 'code.send', { phone: body.phone, channel, type: body.type });
    });
    return c.json({ queued: true as const, retry_after_s: Math.round(deps.limits.resendCooldownMs / 1000) }, 202);
  });
}
