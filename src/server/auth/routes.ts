import { Hono } from 'hono';
import {
  CodeCheckRequest, ConfirmNumberResponse, LoginResponse, PhoneNotFoundBody, ResendByEmailRequest, SuccessResponse,
} from '#shared/auth/payloads';
import { ErrorCode } from '#shared/errors';
import { consumeCode, recordCodeRequest } from './codes';
import { issuePhoneProof, openSession, requireSession, revokeSession, type SessionVars } from './sessions';
import type { AppDeps } from '../config';
import { customerIdByPhone } from '../customer/service';
import { catalogueMessage, jsonBody } from '../http/errors';
import { enqueue } from '../platform/queue/queue';
import { clientAddress, err } from '../http/common';
import type { RouteDoc } from '../http/registry';

const codeErrors = {
  400: err('invalid payload (4000), wrong code (3000) or expired code (3001)'),
  429: err('too many wrong codes for this phone (3002); retry_after_s says when'),
};

export const authRoutes: RouteDoc[] = [
  {
    method: 'post', path: '/portal/login', tag: 'auth', body: CodeCheckRequest,
    summary: 'Sign in with the code. A valid code for a phone without an account answers 404 with a phone_proof for sign-up.',
    responses: { 200: { description: 'signed in', schema: LoginResponse }, 404: { description: 'no account (5000)', schema: PhoneNotFoundBody }, ...codeErrors },
  },
  {
    method: 'post', path: '/portal/confirm-number', tag: 'auth', body: CodeCheckRequest,
    summary: 'Confirm the phone during sign-up: an existing customer is signed in; a new one gets a 30-minute, single-use phone_proof.',
    responses: { 200: { description: 'access_token, or null and a phone_proof', schema: ConfirmNumberResponse }, ...codeErrors },
  },
  {
    method: 'post', path: '/portal/customers/resend-login-code-by-email', tag: 'auth', body: ResendByEmailRequest,
    summary: "Send a code to the e-mail of the account with this phone. Always {success: true} (no enumeration); rate limits as Queue_sms.",
    responses: { 200: { description: 'accepted', schema: SuccessResponse }, 429: err('resend too early / limits') },
  },
  {
    method: 'post', path: '/portal/logout', tag: 'auth', auth: true,
    summary: 'Revoke the session token.',
    responses: { 200: { description: 'revoked', schema: SuccessResponse }, 401: err('no valid session (4010)') },
  },
];

export function authApi(deps: AppDeps): Hono<SessionVars> {
  const app = new Hono<SessionVars>();

  app.post('/login', jsonBody(CodeCheckRequest), async (c) => {
    const { phone, code } = c.req.valid('json');
    await consumeCode(deps, phone, code, clientAddress(c, deps));
    const customerId = await customerIdByPhone(deps.db, phone);
    if (customerId === null) {
      const phone_proof = await issuePhoneProof(deps, phone);
      return c.json({ code: ErrorCode.PHONE_NOT_FOUND, message: catalogueMessage(ErrorCode.PHONE_NOT_FOUND), phone_proof }, 404);
    }
    return c.json({ access_token: await openSession(deps.db, deps, customerId) });
  });

  app.post('/confirm-number', jsonBody(CodeCheckRequest), async (c) => {
    const { phone, code } = c.req.valid('json');
    await consumeCode(deps, phone, code, clientAddress(c, deps));
    const customerId = await customerIdByPhone(deps.db, phone);
    if (customerId === null) return c.json({ access_token: null, phone_proof: await issuePhoneProof(deps, phone) });
    return c.json({ access_token: await openSession(deps.db, deps, customerId) });
  });

  app.post('/customers/resend-login-code-by-email', jsonBody(ResendByEmailRequest), async (c) => {
    const { phone } = c.req.valid('json');
    // The worker looks the account up, so the answer and its timing do not depend on it.
    await deps.db.transaction(async (tx) => {
      await recordCodeRequest(tx, deps, phone, clientAddress(c, deps));
      await enqueue(tx, deps.clock, 'code.email', { phone });
    });
    return c.json({ success: true });
  });

  app.post('/logout', requireSession(deps), async (c) => {
    await revokeSession(deps, c.get('sessionHash'));
    return c.json({ success: true });
  });

  return app;
}
