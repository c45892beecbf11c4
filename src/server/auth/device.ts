import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { API_PREFIX } from '#shared/api';
import { hmac, sameHash } from './crypto';

/**
 * A browser where the phone's owner has signed in (issue 29, F5): after a sign-in the server sets an
 * HttpOnly cookie naming the phone, signed with APP_SECRET, so the owner's next code requests from
 * that browser count in a budget of their own. A stranger asking codes for the phone (5 in 10
 * minutes) then no longer keeps its owner out; the stranger cannot read or make the cookie.
 */
export const DEVICE_COOKIE = 'portal_device';
const DEVICE_DAYS = 365;

const macOf = (secret: string, phone: string, issuedDay: string) => hmac(secret, `device:${phone}:${issuedDay}`);

/** The cookie's value for `phone`, issued today (the day number keeps its age). */
export function deviceToken(secret: string, phone: string, now: Date): string {
  const day = String(Math.floor(now.getTime() / 86_400_000));
  return `${day}.${macOf(secret, phone, day)}`;
}

/** Whether `token` is this phone's, made here and not older than a year. */
export function isDeviceOf(secret: string, phone: string, token: string | undefined, now: Date): boolean {
  const m = /^(\d{1,7})\.([0-9a-f]{64})$/.exec(token ?? '');
  if (!m) return false;
  const age = Math.floor(now.getTime() / 86_400_000) - Number(m[1]);
  return age >= 0 && age <= DEVICE_DAYS && sameHash(m[2]!, macOf(secret, phone, m[1]!));
}

/** Remembers this browser as the phone owner's, on a sign-in's answer. */
export function rememberDevice(c: Context, deps: { secret: string; production: boolean }, phone: string, now: Date): void {
  setCookie(c, DEVICE_COOKIE, deviceToken(deps.secret, phone, now), {
    httpOnly: true, secure: deps.production, sameSite: 'Strict', path: API_PREFIX, maxAge: DEVICE_DAYS * 86_400,
  });
}

/** Whether the request comes from a browser where this phone's owner signed in. */
export const fromOwnersDevice = (c: Context, deps: { secret: string }, phone: string, now: Date): boolean =>
  isDeviceOf(deps.secret, phone, getCookie(c, DEVICE_COOKIE), now);
