import { endpoint, failure } from '../endpoint';
import {
  BotCheckChallenge, CodeCheckRequest, ConfirmNumberResponse, LoginResponse, PhoneNotFoundBody, ResendByEmailRequest,
  SmsQueueRequest, SmsQueueResponse, SuccessResponse,
} from './payloads';

/** Asking for a code, checking it, and the session (spec §7 Queue_sms, login, confirm-number, logout). */

const codeErrors = {
  400: failure('invalid payload (4000), wrong code or a secret that is not the live request\'s (3000, the same answer), expired code (3001)'),
  429: failure('the code took its 5 wrong tries (3002), or this request guessed wrong while the phone has too many wrong codes (3002; retry_after_s says when)'),
};

export const requestCode = endpoint({
  method: 'post', path: '/queue/sms', auth: 'none', tag: 'auth', body: SmsQueueRequest,
  summary: 'Queue_sms: ask for an access code by SMS (or WhatsApp with origin REQUEST_WHATSAPP) for the request named by `secret`. A resend with a live request\'s secret needs no bot check and replaces that request\'s code only. The same answer for every number.',
  responses: {
    202: { description: 'queued; a worker issues the code and sends it', schema: SmsQueueResponse },
    400: failure('invalid payload (4000) or bot check missing/failed (4001)'),
    429: failure('resend too early (4290), send limit (4291), per-address limit (4292); retry_after_s says when'),
  },
});

export const botCheckChallenge = endpoint({
  method: 'get', path: '/altcha/challenge', auth: 'none', tag: 'auth',
  summary: "ALTCHA proof-of-work challenge for the bot check (the widget's challengeurl); its solution goes in Queue_sms's `recaptcha`.",
  responses: { 200: { description: 'a signed challenge, valid 10 minutes', schema: BotCheckChallenge } },
});

export const login = endpoint({
  method: 'post', path: '/portal/login', auth: 'none', tag: 'auth', body: CodeCheckRequest,
  summary: 'Sign in with the code and the secret of the request that asked for it. A valid code for a phone without an account answers 404 with a phone_proof for sign-up.',
  responses: { 200: { description: 'signed in', schema: LoginResponse }, 404: { description: 'no account (5000)', schema: PhoneNotFoundBody }, ...codeErrors },
});

export const confirmNumber = endpoint({
  method: 'post', path: '/portal/confirm-number', auth: 'none', tag: 'auth', body: CodeCheckRequest,
  summary: 'Confirm the phone during sign-up: an existing customer is signed in; a new one gets a 30-minute, single-use phone_proof.',
  responses: { 200: { description: 'access_token, or null and a phone_proof', schema: ConfirmNumberResponse }, ...codeErrors },
});

export const resendCodeByEmail = endpoint({
  method: 'post', path: '/portal/customers/resend-login-code-by-email', auth: 'none', tag: 'auth', body: ResendByEmailRequest,
  summary: "Send a code for the request named by `secret` to the e-mail of the account with this phone (a resend: no bot check with a live request's secret, `recaptcha` otherwise). Always {success: true} (no enumeration); rate limits as Queue_sms, in the phone's same budget.",
  responses: {
    200: { description: 'accepted', schema: SuccessResponse },
    400: failure('invalid payload (4000) or bot check missing/failed without a live request (4001)'),
    429: failure('resend too early (4290), send limit (4291), per-address limit (4292); retry_after_s says when'),
  },
});

export const logout = endpoint({
  method: 'post', path: '/portal/logout', auth: 'customer', tag: 'auth',
  summary: 'Revoke the session token.',
  responses: { 200: { description: 'revoked', schema: SuccessResponse }, 401: failure('no valid session (4010)') },
});

export const authEndpoints = [requestCode, botCheckChallenge, login, confirmNumber, resendCodeByEmail, logout];
