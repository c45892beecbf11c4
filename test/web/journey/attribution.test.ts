// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ATTRIBUTION_COOKIE, ATTRIBUTION_KEYS, ATTRIBUTION_MAX_AGE_S, attributionCookie, attributionFromCookies, attributionFromQuery,
} from '#shared/customer/attribution';
import { captureAttribution, readAttribution } from '../../../src/web/journey/session';
import { createApi } from '../../../src/web/api/client';
import { createJourney } from '../../../src/web/journey/journey';
import type { SignUpRequest } from '#shared/auth/payloads';

const clearCookie = () => { document.cookie = `${ATTRIBUTION_COOKIE}=; Max-Age=0; Path=/`; };
afterEach(clearCookie);

describe('marketing attribution from the landing URL (spec §3, §9)', () => {
  it('keeps the eight parameters as they came', () => {
    expect(attributionFromQuery('?utm_source=facebook&utm_medium=social&utm_campaign=verao&utm_content=video&utm_term=solar&gclid=abc&franchisee=sol-sp&representative=r7&bill=350'))
      .toEqual({
        utm_source: 'facebook', utm_medium: 'social', utm_campaign: 'verao', utm_content: 'video', utm_term: 'solar',
        gclid: 'abc', franchisee: 'sol-sp', representative: 'r7',
      });
  });

  it("utm_source is 'google' when a click id came without one, 'organico' otherwise", () => {
    expect(attributionFromQuery('?gclid=Cj0KCQ')).toEqual({ utm_source: 'google', gclid: 'Cj0KCQ' });
    expect(attributionFromQuery('?utm_campaign=verao')).toEqual({ utm_source: 'organico', utm_campaign: 'verao' });
    expect(attributionFromQuery('?representative=r7&gclid=')).toEqual({ utm_source: 'organico', representative: 'r7' });
    expect(attributionFromQuery('?utm_source=newsletter&gclid=x')).toMatchObject({ utm_source: 'newsletter' });
  });

  it('a URL without any of them gives nothing; values are trimmed and cut at 200 characters', () => {
    expect(attributionFromQuery('')).toBeNull();
    expect(attributionFromQuery('?bill=350&cupom=SOL')).toBeNull();
    expect(attributionFromQuery('?utm_source=%20%20')).toBeNull();
    expect(attributionFromQuery(`?utm_source=${'a'.repeat(250)}&utm_term=%20solar%0A`)).toEqual({ utm_source: 'a'.repeat(200), utm_term: 'solar' });
  });

  it('the cookie lasts 10 days on the whole site, SameSite=Lax, Secure only on https, and reads back', () => {
    const cookie = attributionCookie({ utm_source: 'google', gclid: 'a;b=c' }, { secure: true });
    expect(ATTRIBUTION_MAX_AGE_S).toBe(864_000);
    expect(cookie).toMatch(/^portal_attribution=[^;]+; Max-Age=864000; Path=\/; SameSite=Lax; Secure$/);
    expect(attributionCookie({ utm_source: 'organico' }, { secure: false })).not.toContain('Secure');
    const value = cookie.split(';')[0]!;
    expect(attributionFromCookies(`other=1; ${value}; last=2`)).toEqual({ utm_source: 'google', gclid: 'a;b=c' });
    expect(attributionFromCookies('other=1')).toBeNull();
    expect(attributionFromCookies(`${ATTRIBUTION_COOKIE}=%7Bnot-json`)).toBeNull();
    // only the known keys survive a hand-edited cookie
    expect(attributionFromCookies(`${ATTRIBUTION_COOKIE}=${encodeURIComponent(JSON.stringify({ utm_medium: 'x', evil: 'y' }))}`))
      .toEqual({ utm_source: 'organico', utm_medium: 'x' });
  });

  it('the browser stores it on a campaign landing, keeps it on a plain one, and reads it back', async () => {
    expect(await readAttribution()).toBeNull();
    expect(await captureAttribution('?gclid=Cj0&utm_campaign=verao', 'http:')).toEqual({ utm_source: 'google', gclid: 'Cj0', utm_campaign: 'verao' });
    expect(await readAttribution()).toEqual({ utm_source: 'google', gclid: 'Cj0', utm_campaign: 'verao' });
    expect(await captureAttribution('?bill=300', 'http:')).toBeNull();
    expect(await readAttribution()).toEqual({ utm_source: 'google', gclid: 'Cj0', utm_campaign: 'verao' });
    await captureAttribution('?utm_source=instagram', 'http:');
    expect(await readAttribution()).toEqual({ utm_source: 'instagram' });
  });

  it('each of the eight parameters alone is a campaign landing', async () => {
    for (const key of ATTRIBUTION_KEYS) {
      clearCookie();
      expect(await captureAttribution(`?bill=1&${key}=x`, 'http:'), key).toMatchObject({ [key]: 'x' });
      expect(await readAttribution(), key).toMatchObject({ [key]: 'x' });
    }
  });
});

describe('the app keeps it from the URL it opened on', () => {
  it('a campaign link to any page stores the cookie when the portal starts', async () => {
    window.history.replaceState(null, '', '/pt/sign-up?type=business&utm_source=linkedin&utm_medium=social');
    const journey = createJourney({ origin: 'http://portal.test' });
    journey.stop();
    window.history.replaceState(null, '', '/');
    await vi.waitFor(async () => expect(await readAttribution()).toEqual({ utm_source: 'linkedin', utm_medium: 'social' }));
  });
});

describe('the sign-up sends it (POST /portal/customers)', () => {
  const payload = {
    name: 'Ana Souza', email: 'ana@example.com', state: 'SP', city: 3509502, unit_type: 'RESIDENCIAL', bill: 350,
    phone: '5511987654321', coupon: null, hasPartnership: false, terms: true, phone_proof: 'proof',
  } as unknown as SignUpRequest;

  async function bodyOfSignUp(): Promise<Record<string, unknown>> {
    let body: Record<string, unknown> = {};
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      body = (await request.json()) as Record<string, unknown>;
      return new Response(JSON.stringify({ access_token: 't' }), { status: 201, headers: { 'Content-Type': 'application/json' } });
    }) as typeof globalThis.fetch;
    await createApi({ fetch, origin: 'http://portal.test' }).signUp(payload);
    return body;
  }

  it('with the cookie: the attribution goes with the form', async () => {
    await captureAttribution('?utm_source=facebook&franchisee=sol-sp', 'http:');
    expect((await bodyOfSignUp()).attribution).toEqual({ utm_source: 'facebook', franchisee: 'sol-sp' });
  });

  it('without it: no attribution field', async () => {
    expect('attribution' in (await bodyOfSignUp())).toBe(false);
  });
});
