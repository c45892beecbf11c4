import { assign, fromPromise } from 'xstate';
import {
  authMachine, RESEND_COOLDOWN_S, type AuthContext, type CodeCheckInput, type CodeRequest, type CodeRequestOutput,
} from '#machines/auth/authMachine';
import { newRequestSecret } from '#shared/auth/secret';
import { PHONE_PROOF_TTL_S, type SignUpRequest } from '#shared/auth/payloads';
import type { Api } from '../api/client';
import { clearPhoneProof, writePhoneProof } from './phoneProof';

/**
 * The code request this tab made last (session storage: the tab's own, gone with it): the phone, the
 * request's secret and when its last code was asked for.
 */
export const CODE_REQUEST_KEY = 'portal:code-request';
interface StoredCodeRequest { phone: string; secret: string; at: number }

function tabStorage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

function readCodeRequest(): StoredCodeRequest | null {
  try {
    const raw = tabStorage()?.getItem(CODE_REQUEST_KEY);
    const stored = raw ? (JSON.parse(raw) as Partial<StoredCodeRequest>) : null;
    if (typeof stored?.phone !== 'string' || typeof stored.secret !== 'string' || typeof stored.at !== 'number') return null;
    return { phone: stored.phone, secret: stored.secret, at: stored.at };
  } catch {
    return null;
  }
}

/**
 * The secret for a new code request of `phone`. While the tab's last request of that phone is inside
 * its 30 s cooldown, its code is on its way and the server answers 4290 to a new ask: the same secret
 * then leads on to that code after a reload or Back. Otherwise a new request, with a new secret.
 */
export function requestSecretFor(phone: string, now: number = Date.now()): string {
  const stored = readCodeRequest();
  if (stored && stored.phone === phone && now - stored.at >= 0 && now - stored.at < RESEND_COOLDOWN_S * 1000) return stored.secret;
  return newRequestSecret();
}

/** A code was asked for (first request or resend) with this secret. */
export function rememberCodeRequest(phone: string, secret: string, now: number = Date.now()): void {
  try {
    tabStorage()?.setItem(CODE_REQUEST_KEY, JSON.stringify({ phone, secret, at: now } satisfies StoredCodeRequest));
  } catch { /* private mode: a reload then asks for a new code */ }
}

export function forgetCodeRequest(): void {
  try { tabStorage()?.removeItem(CODE_REQUEST_KEY); } catch { /* nothing stored */ }
}

/** The auth machine with its API calls (spec §7), in its own chunk: loaded when login or sign-up opens. */
export function providedAuthFlow(getApi: () => Promise<Api>) {
  return authMachine.provide({
    actions: {
      chooseRequestSecret: assign({ secret: ({ context }: { context: AuthContext }) => requestSecretFor(context.phone) }),
    },
    actors: {
      requestCode: fromPromise<CodeRequestOutput, CodeRequest>(async ({ input }) => {
        const out = await (await getApi()).requestCode(input);
        rememberCodeRequest(input.phone, input.secret);
        return out;
      }),
      checkCode: fromPromise(async ({ input }: { input: CodeCheckInput }) => {
        const api = await getApi();
        const out = input.flow === 'SIGN_IN'
          ? await api.login(input.phone, input.code, input.secret)
          : await api.confirmNumber(input.phone, input.code, input.secret);
        forgetCodeRequest();
        // a confirmed phone without an account: the proof outlives a reload of the sign-up form
        if ('phoneProof' in out) writePhoneProof(input.phone, out.phoneProof, Date.now() + PHONE_PROOF_TTL_S * 1000);
        else clearPhoneProof();
        return out;
      }),
      sendCodeByEmail: fromPromise(async ({ input }: { input: { phone: string; secret: string } }) => {
        await (await getApi()).resendCodeByEmail(input.phone, input.secret);
        rememberCodeRequest(input.phone, input.secret);
      }),
      createAccount: fromPromise(async ({ input }: { input: SignUpRequest }) => {
        const out = await (await getApi()).signUp(input);
        clearPhoneProof();
        return out;
      }),
    },
  });
}
