import type { Hono } from 'hono';
import { botCheckChallenge, confirmNumber, login, logout, requestCode, resendCodeByEmail } from '#shared/auth/endpoints';
import { ErrorCode } from '#shared/errors';
import { acceptBotCheck, newChallenge } from './botCheck';
import { codeRequestKey, consumeCode, hasLiveCodeRequest, recordCodeRequest } from './codes';
import { fromOwnersDevice, rememberDevice } from './device';
import { issuePhoneProof, openSession, revokeSession } from './sessions';
import type { AppDeps } from '../config';
import { customerIdByPhone } from '../customer/service';
import { DomainError, catalogueMessage } from '../errors';
import { clientAddress } from '../http/common';
import { endpointApp } from '../http/route';
import { enqueue } from '../platform/queue/queue';

/** Asking for a code (Queue_sms, with the bot check), checking it, and the session. */
export function authRoutes(deps: AppDeps): Hono {
  const { app, route } = endpointApp(deps);

  /** A first request proves it is not a bot; a resend holding a live request's secret may skip the widget. */
  const checkBot = async (resend: boolean, request: ReturnType<typeof codeRequestKey>, payload: string | undefined) => {
    const botCheckNeeded = !resend || !(await hasLiveCodeRequest(deps, request));
    if (payload || botCheckNeeded) {
      if (!(await acceptBotCheck(deps, payload))) throw new DomainError('BOT_CHECK_FAILED', { field: 'recaptcha' });
    }
  };

  route(requestCode, async (c) => {
    const body = c.req.valid('json');
    const address = clientAddress(c, deps);
    const request = codeRequestKey(body.phone, body.secret);
    await checkBot(body.resend, request, body.recaptcha);
    const channel = body.origin === 'REQUEST_WHATSAPP' ? 'whatsapp' : 'sms';
    await deps.db.transaction(async (tx) => {
      await recordCodeRequest(tx, deps, request, address, 'access', fromOwnersDevice(c, deps, body.phone, deps.clock.now()));
      // the job carries the secret's hash only: the code it issues belongs to this request
      await enqueue(tx, deps.clock, 'code.send', { phone: body.phone, secret_hash: request.secretHash, channel, type: body.type });
    });
    return c.json({ queued: true as const, retry_after_s: Math.round(deps.limits.resendCooldownMs / 1000) }, 202);
  });

  route(botCheckChallenge, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await newChallenge(deps));
  });

  route(login, async (c) => {
    const { phone, code, secret } = c.req.valid('json');
    await consumeCode(deps, codeRequestKey(phone, secret), code, clientAddress(c, deps), 'access', fromOwnersDevice(c, deps, phone, deps.clock.now()));
    const customerId = await customerIdByPhone(deps.db, phone);
    if (customerId === null) {
      const phone_proof = await issuePhoneProof(deps, phone);
      return c.json({ code: ErrorCode.PHONE_NOT_FOUND, message: catalogueMessage('PHONE_NOT_FOUND'), phone_proof }, 404);
    }
    rememberDevice(c, deps, phone, deps.clock.now());
    return c.json({ access_token: await openSession(deps.db, deps, customerId, c.req.header('User-Agent')) });
  });

  route(confirmNumber, async (c) => {
    const { phone, code, secret } = c.req.valid('json');
    await consumeCode(deps, codeRequestKey(phone, secret), code, clientAddress(c, deps), 'access', fromOwnersDevice(c, deps, phone, deps.clock.now()));
    const customerId = await customerIdByPhone(deps.db, phone);
    if (customerId === null) return c.json({ access_token: null, phone_proof: await issuePhoneProof(deps, phone) });
    rememberDevice(c, deps, phone, deps.clock.now());
    return c.json({ access_token: await openSession(deps.db, deps, customerId, c.req.header('User-Agent')) });
  });

  route(resendCodeByEmail, async (c) => {
    const { phone, secret, recaptcha } = c.req.valid('json');
    const request = codeRequestKey(phone, secret);
    await checkBot(true, request, recaptcha);
    // The worker looks the account up, so the answer and its timing do not depend on it.
    await deps.db.transaction(async (tx) => {
      await recordCodeRequest(tx, deps, request, clientAddress(c, deps), 'access', fromOwnersDevice(c, deps, phone, deps.clock.now()));
      await enqueue(tx, deps.clock, 'code.email', { phone, secret_hash: request.secretHash });
    });
    return c.json({ success: true });
  });

  route(logout, async (c) => {
    await revokeSession(deps, c.get('sessionHash'));
    return c.json({ success: true });
  });

  return app;
}
