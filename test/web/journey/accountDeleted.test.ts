// @vitest-environment happy-dom
// @vitest-environment-options { "url": "file:///" }
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { createJourney } from '../../../src/web/journey/journey';
import { clearAccountDeleted, markAccountDeleted } from '../../../src/web/journey/session';
import { createTestServer, type TestServer } from '../../support/server';
import { signUpNewCustomer } from '../../support/flows';

/**
 * After 'Excluir minha conta' the server has ended every session, so every call answers 401, yet
 * the 'Conta excluída' view stays until the customer leaves: a 401 then (the bell's refresh) must
 * not send them home with 'Sua sessão expirou'. Any other time a 401 does.
 */
let server: TestServer;
beforeAll(async () => { server = await createTestServer(); });
afterAll(async () => { await server?.close(); });
afterEach(() => { clearAccountDeleted(); localStorage.clear(); });

describe('a 401 after the account was deleted', () => {
  it('is not reported as an expired session while the deleted view shows; once the customer leaves, a 401 is one again', async () => {
    const { token, phone } = await signUpNewCustomer(server);
    localStorage.setItem('portal:session', JSON.stringify({ auth: { token, signed: true, phone }, user: null, schedule: null }));
    const journey = createJourney({ fetch: server.fetch, origin: 'http://portal.test' });
    journey.actor.send({ type: 'route.changed', path: '/pt/profile' } as never);
    await waitFor(() => expect(journey.actor.getSnapshot().matches('signedIn')).toBe(true), { timeout: 10_000 });
    const api = await journey.getApi();
    // the account is deleted: the server ended the session
    await server.fetch('http://portal.test/api/v1/portal/logout', { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
    const send = vi.spyOn(journey.actor, 'send');
    const expiries = () => send.mock.calls.filter(([e]) => e.type === 'session.expired').length;

    markAccountDeleted();
    await expect(api.getNotifications()).rejects.toMatchObject({ status: 401 });
    expect(expiries()).toBe(0);
    expect(journey.actor.getSnapshot().matches('signedIn')).toBe(true);

    clearAccountDeleted();
    await expect(api.getNotifications()).rejects.toMatchObject({ status: 401 });
    expect(expiries()).toBe(1);
    await waitFor(() => expect(journey.actor.getSnapshot().matches('home')).toBe(true));
    journey.stop();
  });
});
