/**
 * The marketing-attribution cookie (spec §3 "Local storage", §9): where a visitor came from, read
 * from the URL they landed on, kept 10 days, sent with the sign-up and kept on the customer for
 * staff. Pure functions (no document, no clock): the browser reads and writes `document.cookie`
 * with them, the server's schema (customer/payloads.ts `Attribution`) checks what arrives.
 * Plain TypeScript on purpose: the landing page runs it, and its bundle stays small.
 */

/** The URL parameters kept, in the spec's names and order. */
export const ATTRIBUTION_KEYS = [
  'utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term', 'gclid', 'franchisee', 'representative',
] as const;
export type AttributionKey = (typeof ATTRIBUTION_KEYS)[number];

/** What the cookie holds: `utm_source` always (defaulted), the others when the URL had them. */
export type Attribution = { utm_source: string } & Partial<Record<Exclude<AttributionKey, 'utm_source'>, string>>;

export const ATTRIBUTION_COOKIE = 'portal_attribution';
/** Spec §9: the marketing cookie lasts 10 days. */
export const ATTRIBUTION_MAX_AGE_S = 10 * 24 * 60 * 60;
/** The longest value kept (a click id is about 100 characters); longer ones are cut. */
export const ATTRIBUTION_VALUE_MAX = 200;
/** Spec §9: the utm source when the URL has none: 'google' with a click id, 'organico' otherwise. */
export const CLICK_ID_SOURCE = 'google';
export const ORGANIC_SOURCE = 'organico';

const clean = (value: unknown): string | undefined => {
  if (typeof value !== 'string') return undefined;
  // control characters out (a cookie or a log line must not be split by them)
  // eslint-disable-next-line no-control-regex
  const text = value.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, ATTRIBUTION_VALUE_MAX).trim();
  return text || undefined;
};

/** Known keys with usable text only, `utm_source` defaulted; null when none of the keys has a value. */
export function normaliseAttribution(raw: Partial<Record<string, unknown>>): Attribution | null {
  const found: Partial<Record<AttributionKey, string>> = {};
  for (const key of ATTRIBUTION_KEYS) {
    const value = clean(raw[key]);
    if (value !== undefined) found[key] = value;
  }
  if (Object.keys(found).length === 0) return null;
  return { ...found, utm_source: found.utm_source ?? (found.gclid ? CLICK_ID_SOURCE : ORGANIC_SOURCE) };
}

/** The attribution a landing URL's query carries ('?utm_source=...&gclid=...'), or null when it carries none. */
export function attributionFromQuery(search: string): Attribution | null {
  const params = new URLSearchParams(search);
  return normaliseAttribution(Object.fromEntries(ATTRIBUTION_KEYS.map((key) => [key, params.get(key) ?? undefined])));
}

/** The `document.cookie` assignment that stores it: 10 days, the whole site, SameSite=Lax, Secure on https. */
export function attributionCookie(attribution: Attribution, options: { secure: boolean }): string {
  const value = encodeURIComponent(JSON.stringify(attribution));
  return `${ATTRIBUTION_COOKIE}=${value}; Max-Age=${ATTRIBUTION_MAX_AGE_S}; Path=/; SameSite=Lax${options.secure ? '; Secure' : ''}`;
}

/** The attribution in a cookie string (`document.cookie`), or null when absent or unreadable. */
export function attributionFromCookies(cookies: string): Attribution | null {
  for (const part of cookies.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== ATTRIBUTION_COOKIE) continue;
    try {
      const parsed: unknown = JSON.parse(decodeURIComponent(part.slice(at + 1).trim()));
      return parsed && typeof parsed === 'object' ? normaliseAttribution(parsed as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }
  return null;
}
