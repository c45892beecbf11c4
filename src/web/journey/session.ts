import type { CustomerProfile } from '#shared/customer/payloads';
import type { Attribution } from '#shared/customer/attribution';
import type { StoredSession } from '#machines/journey/journeyMachine';
import type { RegisterType } from '#machines/auth/authMachine';
import type { PaymentType } from '#machines/proposal/proposalMachine';
import { SESSION_STORAGE_KEY } from '#shared/pageCode';

/**
 * What the portal keeps in local storage (spec §3): the persisted session under 'portal:session'
 * ({auth: {token, signed, phone}, user, schedule}), and the flags 'showThankYou', 'register-type',
 * 'coupon', 'bill', 'paymentType'. The journey machine decides; these functions only read and write.
 */
export const SESSION_KEY = SESSION_STORAGE_KEY;
export const THANK_YOU_KEY = 'showThankYou';
export const REGISTER_TYPE_KEY = 'register-type';
export const COUPON_KEY = 'coupon';
export const BILL_KEY = 'bill';
export const PAYMENT_TYPE_KEY = 'paymentType';

interface PersistedSession {
  auth?: { token?: unknown; signed?: unknown; phone?: unknown };
  user?: unknown;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

const read = (key: string): string | null => storage()?.getItem(key) ?? null;
const write = (key: string, value: string): void => { storage()?.setItem(key, value); };
const remove = (key: string): void => { storage()?.removeItem(key); };

export function readSession(): StoredSession | null {
  const raw = read(SESSION_KEY);
  if (!raw) return null;
  try {
    // only the auth part is trusted here; the profile is fetched again (GET /portal/customers) on start
    const stored = JSON.parse(raw) as PersistedSession | null;
    const auth = stored?.auth;
    if (!auth || auth.signed !== true || typeof auth.token !== 'string' || !auth.token) return null;
    const user = stored?.user && typeof stored.user === 'object' ? (stored.user as CustomerProfile) : null;
    return { token: auth.token, phone: typeof auth.phone === 'string' ? auth.phone : '', user };
  } catch {
    return null;
  }
}

export function writeSession(session: StoredSession): void {
  write(SESSION_KEY, JSON.stringify({
    auth: { token: session.token, signed: true, phone: session.phone },
    user: session.user,
    schedule: null,
  }));
}

export const clearSession = (): void => remove(SESSION_KEY);

export const readThankYouFlag = (): boolean => read(THANK_YOU_KEY) === 'true';
export const setThankYouFlag = (): void => write(THANK_YOU_KEY, 'true');
export const clearThankYouFlag = (): void => remove(THANK_YOU_KEY);

export const readRegisterType = (): RegisterType => (read(REGISTER_TYPE_KEY) === 'business' ? 'business' : 'personal');
export const writeRegisterType = (type: RegisterType): void => write(REGISTER_TYPE_KEY, type);
export const clearRegisterType = (): void => remove(REGISTER_TYPE_KEY);

export const readCoupon = (): string | null => read(COUPON_KEY);
export const writeCoupon = (coupon: string): void => write(COUPON_KEY, coupon);

/** The saved bill value (reais, as the landing page's `bill` query gave it), for the sign-up form default. */
export function readBill(): number | null {
  const raw = read(BILL_KEY);
  if (!raw) return null;
  const n = raw.includes(',') ? Number(raw.replace(/\./g, '').replace(',', '.')) : Number(raw);
  return Number.isFinite(n) && n > 0 ? n : null;
}
export const writeBill = (bill: string): void => write(BILL_KEY, bill);

export const hasPaymentType = (): boolean => read(PAYMENT_TYPE_KEY) !== null;
/**
 * The payment type chosen on the final proposal (spec §3 'paymentType'), from the proposal machine's
 * `storePaymentType` action: the landing table sends proposal-final to payment from now on. The
 * server records the choice too, so a browser that refuses to store it (private mode) loses nothing.
 */
export function writePaymentType(paymentType: PaymentType): void {
  try { write(PAYMENT_TYPE_KEY, paymentType); } catch { /* the server has it */ }
}
/** The payment screen's 'Voltar' (spec §2): proposal-final shows the choice again instead of sending to payment. */
export function clearPaymentType(): void {
  try { remove(PAYMENT_TYPE_KEY); } catch { /* nothing stored */ }
}

/** A logout in another tab removes the session there: sign out here too. */
export function onSessionClearedElsewhere(listener: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  const handler = (e: StorageEvent) => {
    if (e.key === SESSION_KEY && e.newValue === null) listener();
    if (e.key === null) listener(); // storage.clear()
  };
  window.addEventListener('storage', handler);
  return () => window.removeEventListener('storage', handler);
}

/**
 * A URL that may carry campaign parameters (one of src/shared/customer/attribution.ts's keys): only
 * then is the attribution code loaded, so a plain visit to the landing page does not download it.
 */
const CAMPAIGN_PARAMETER = /[?&](?:utm_(?:source|medium|campaign|content|term)|gclid|franchisee|representative)=/;

/**
 * The marketing-attribution cookie (spec §3, §9): a landing URL with any of the campaign
 * parameters (utm_*, gclid, franchisee, representative) replaces it, for 10 days; a URL without
 * them leaves it as it is. Secure on https. Resolves with what the URL carried.
 */
export async function captureAttribution(search: string, protocol: string): Promise<Attribution | null> {
  if (!CAMPAIGN_PARAMETER.test(search)) return null;
  const { attributionCookie, attributionFromQuery } = await import('#shared/customer/attribution');
  const attribution = attributionFromQuery(search);
  if (attribution && typeof document !== 'undefined') {
    try {
      document.cookie = attributionCookie(attribution, { secure: protocol === 'https:' });
    } catch { /* cookies refused: the sign-up goes without it */ }
  }
  return attribution;
}

/** The attribution kept in the cookie, for the sign-up; null without one. */
export async function readAttribution(): Promise<Attribution | null> {
  if (typeof document === 'undefined') return null;
  const { attributionFromCookies } = await import('#shared/customer/attribution');
  try {
    return attributionFromCookies(document.cookie);
  } catch {
    return null;
  }
}

/**
 * The customer deleted their account: the server ended every session, but the 'Conta excluída'
 * view stays until they leave. A 401 meanwhile (the bell's refresh) is not a session that expired.
 */
let accountDeleted = false;
export function markAccountDeleted(): void { accountDeleted = true; }
export function clearAccountDeleted(): void { accountDeleted = false; }
export const accountWasDeleted = (): boolean => accountDeleted;
