// @vitest-environment happy-dom
/**
 * A reload with a stored session asks for the profile from the page's head, before any bundle
 * (src/shared/pageCode.ts); the API client's first profile read with that token takes that answer
 * instead of asking again, and only that read.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_PROFILE_PATH, EARLY_READS_FOR_MS, PRIVATE_CODE_ID, SESSION_EARLY_START, SESSION_STORAGE_KEY, type EarlyStart, type PrivateCode } from '../../../src/shared/pageCode';
import { takeEarlyResponse } from '../../../src/web/journey/earlyStart';
import { profile } from '../../../src/shared/customer/endpoints';
import { notifications } from '../../../src/shared/notification/endpoints';
import { blockedDays } from '../../../src/shared/visit/endpoints';
import { createTransport } from '../../../src/web/api/transport';

const holder = window as { __portalEarly?: EarlyStart };

/** Runs the head's inline script as the page does, then lets the first frame pass (its work starts after it). */
const runHeadScript = async () => {
  new Function(SESSION_EARLY_START)();
  await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 1)));
};

afterEach(() => {
  delete holder.__portalEarly;
  document.head.innerHTML = '';
  window.history.replaceState(null, '', '/');
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('the session early start in the page head', () => {
  it('with a signed session it asks for the profile with the token; without one it asks nothing', async () => {
    const fetch = vi.fn(async () => new Response('{}'));
    vi.stubGlobal('fetch', fetch);
    await runHeadScript();
    expect(holder.__portalEarly).toBeUndefined();

    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ auth: { token: 'tok-1', signed: false, phone: '5511987654321' } }));
    await runHeadScript();
    expect(holder.__portalEarly).toBeUndefined();

    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ auth: { token: 'tok-1', signed: true, phone: '5511987654321' }, user: null }));
    await runHeadScript();
    expect(holder.__portalEarly?.token).toBe('tok-1');
    expect(fetch).toHaveBeenCalledExactlyOnceWith(EARLY_PROFILE_PATH, { headers: { Authorization: 'Bearer tok-1', 'Accept-Language': 'pt-BR' } });
  });

  it('a broken stored session or a failed call leaves the app to ask itself', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, '{not json');
    await runHeadScript();
    expect(holder.__portalEarly).toBeUndefined();

    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('offline'); }));
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ auth: { token: 'tok-1', signed: true } }));
    await runHeadScript();
    expect(await holder.__portalEarly?.reads[EARLY_PROFILE_PATH]).toBeNull();
  });
});

describe('the signed-in code the page head fetches', () => {
  const code: PrivateCode = {
    shell: { js: ['/assets/PrivateShell-a.js', '/assets/client-b.js'], css: ['/assets/PrivateShell-c.css'], reads: ['/api/v1/portal/notifications'] },
    screens: { '/technical-visit': { js: ['/assets/VisitScreen-d.js'], css: ['/assets/VisitScreen-e.css'], reads: ['/api/v1/portal/customers/scheduling'] } },
  };
  const listed = () => [...document.head.querySelectorAll('link')].map((l) => `${l.rel} ${l.getAttribute('href')}`);
  const signedIn = () => localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ auth: { token: 'tok-1', signed: true } }));

  it('with a stored session, the frame\'s and the asked-for screen\'s code and first reads, side by side with the entry', async () => {
    const fetch = vi.fn(async () => new Response('{}'));
    vi.stubGlobal('fetch', fetch);
    document.head.innerHTML = `<script type="application/json" id="${PRIVATE_CODE_ID}">${JSON.stringify(code)}</script>`;
    window.history.replaceState(null, '', '/pt/technical-visit');
    signedIn();
    await runHeadScript();
    expect(listed()).toEqual([
      'modulepreload /assets/PrivateShell-a.js', 'modulepreload /assets/client-b.js', 'stylesheet /assets/PrivateShell-c.css',
      'modulepreload /assets/VisitScreen-d.js', 'stylesheet /assets/VisitScreen-e.css',
    ]);
    const headers = { Authorization: 'Bearer tok-1', 'Accept-Language': 'pt-BR' };
    expect(fetch.mock.calls).toEqual([
      [EARLY_PROFILE_PATH, { headers }], ['/api/v1/portal/notifications', { headers }], ['/api/v1/portal/customers/scheduling', { headers }],
    ]);
    expect(Object.keys(holder.__portalEarly?.reads ?? {})).toEqual([EARLY_PROFILE_PATH, '/api/v1/portal/notifications', '/api/v1/portal/customers/scheduling']);
  });

  it('asks for nothing before the first frame: the page head painted from the HTML goes first', async () => {
    const fetch = vi.fn(async () => new Response('{}'));
    vi.stubGlobal('fetch', fetch);
    document.head.innerHTML = `<script type="application/json" id="${PRIVATE_CODE_ID}">${JSON.stringify(code)}</script>`;
    window.history.replaceState(null, '', '/pt/technical-visit');
    signedIn();
    new Function(SESSION_EARLY_START)();
    expect(fetch).not.toHaveBeenCalled();
    expect(listed()).toEqual([]);
    await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 1)));
    expect(fetch).toHaveBeenCalled();
    expect(listed()).not.toEqual([]);
  });

  it('nothing without a session, on a page that is not a signed-in screen, or without the list', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}')));
    document.head.innerHTML = `<script type="application/json" id="${PRIVATE_CODE_ID}">${JSON.stringify(code)}</script>`;
    window.history.replaceState(null, '', '/pt/technical-visit');
    await runHeadScript();
    window.history.replaceState(null, '', '/pt/login');
    signedIn();
    await runHeadScript();
    expect(listed()).toEqual([]);
    document.head.innerHTML = '';
    window.history.replaceState(null, '', '/pt/technical-visit');
    await runHeadScript();
    expect(listed()).toEqual([]);
    expect(holder.__portalEarly?.token).toBe('tok-1'); // the profile is still asked for
  });
});

describe('the API client takes the early answer', () => {
  const early = (token: string, body: unknown, at = Date.now()) => {
    holder.__portalEarly = {
      token, at,
      reads: {
        [EARLY_PROFILE_PATH]: Promise.resolve(new Response(JSON.stringify(body), { status: 401, headers: { 'Content-Type': 'application/json' } })),
        '/api/v1/portal/config-calendar': Promise.resolve(new Response('[]')),
      },
    };
  };

  it('for the first read of each path with the same token only', () => {
    early('tok-1', {});
    expect(takeEarlyResponse(profile, 'tok-2')).toBeUndefined();
    expect(takeEarlyResponse(profile, 'tok-2')).toBeUndefined(); // a stale answer is dropped, not kept for later
    // a read that needs no session is anyone's
    expect(takeEarlyResponse(blockedDays, null)).toBeInstanceOf(Promise);

    early('tok-1', {});
    expect(takeEarlyResponse(notifications, 'tok-1')).toBeUndefined(); // not asked for early
    expect(takeEarlyResponse(profile, 'tok-1')).toBeInstanceOf(Promise);
    expect(takeEarlyResponse(profile, 'tok-1')).toBeUndefined();
  });

  it('only in the first seconds after the page opened: a screen opened later asks the server', () => {
    early('tok-1', {}, Date.now() - EARLY_READS_FOR_MS - 1);
    expect(takeEarlyResponse(profile, 'tok-1')).toBeUndefined();
    expect(holder.__portalEarly).toBeUndefined();
  });

  it('its status counts as the call\'s own (a 401 ends the session) and nothing is sent again', async () => {
    early('tok-1', { code: 'UNAUTHORIZED', message: 'Sessão expirada' });
    const fetch = vi.fn(async () => new Response('{}'));
    const onUnauthorized = vi.fn();
    const t = createTransport({ fetch, origin: 'http://portal.test', getToken: () => 'tok-1', onUnauthorized, earlyResponse: takeEarlyResponse });
    await expect(t.call(profile, { token: 'tok-1' })).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(fetch).not.toHaveBeenCalled();
    // the next read is a call of its own
    await t.call(profile, { token: 'tok-1' }).catch(() => undefined);
    expect(fetch).toHaveBeenCalledOnce();
  });
});
