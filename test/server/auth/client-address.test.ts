import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ErrorCode } from '#shared/errors';
import { trustProxyHops } from '../../../src/server/settings';
import { clientAddress } from '../../../src/server/http/common';
import { createTestServer, type TestServer } from '../../support/server';
import { newPhone, requestCode } from '../../support/flows';

/** The address the per-address limits count, as the server works it out behind `hops` trusted proxies. */
async function addressSeen(hops: number, forwardedFor?: string): Promise<string> {
  const app = new Hono();
  app.get('/', (c) => c.text(clientAddress(c, { trustProxy: hops })));
  const res = await app.request('/', { headers: forwardedFor === undefined ? {} : { 'X-Forwarded-For': forwardedFor } });
  return res.text();
}

describe('TRUST_PROXY=<hops>: the client address behind trusted proxies', () => {
  test('one proxy: the entry it appended (right-most), not what the client wrote on the left', async () => {
    expect(await addressSeen(1, '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
    expect(await addressSeen(1, '1.1.1.1,2.2.2.2 ,  203.0.113.7 ')).toBe('203.0.113.7');
    expect(await addressSeen(1, '203.0.113.7')).toBe('203.0.113.7');
  });

  test('two proxies: the second entry from the right (what the outer proxy saw)', async () => {
    expect(await addressSeen(2, '6.6.6.6, 198.51.100.4, 10.0.0.2')).toBe('198.51.100.4');
    expect(await addressSeen(2, '198.51.100.4, 10.0.0.2')).toBe('198.51.100.4');
  });

  test('fewer entries than hops: every entry is a trusted proxy\'s, the left-most is the farthest one seen', async () => {
    expect(await addressSeen(3, '198.51.100.4, 10.0.0.2')).toBe('198.51.100.4');
    expect(await addressSeen(2, '198.51.100.4')).toBe('198.51.100.4');
  });

  test('no trusted proxy, or no header, or an empty one: the socket address', async () => {
    // in-process requests have no socket: clientAddress names them 'local'
    expect(await addressSeen(0, '6.6.6.6, 203.0.113.7')).toBe('local');
    expect(await addressSeen(1)).toBe('local');
    expect(await addressSeen(1, ' , ')).toBe('local');
  });

  test('TRUST_PROXY reads as a number of hops: unset, 0 or false none; true or 1 one; n n; anything else refused', () => {
    expect(trustProxyHops(undefined)).toBe(0);
    expect(trustProxyHops('')).toBe(0);
    expect(trustProxyHops('0')).toBe(0);
    expect(trustProxyHops('false')).toBe(0);
    expect(trustProxyHops('true')).toBe(1);
    expect(trustProxyHops('1')).toBe(1);
    expect(trustProxyHops(' 2 ')).toBe(2);
    for (const wrong of ['yes', '-1', '1.5', '2x']) expect(() => trustProxyHops(wrong)).toThrow(/TRUST_PROXY/);
  });
});

describe('the per-address limit behind one trusted proxy', () => {
  let s: TestServer;
  beforeAll(async () => { s = await createTestServer({ limits: { sendsPerAddressWindow: 2 } }); });
  afterAll(async () => { await s.close(); });

  test('a client that writes a new left-most X-Forwarded-For entry each time is still one address', async () => {
    const seen = '203.0.113.77';
    const statuses: number[] = [];
    const codes: unknown[] = [];
    for (let i = 1; i <= 3; i++) {
      const r = await requestCode(s, newPhone(), {}, { address: `192.0.2.${i}, ${seen}` });
      statuses.push(r.status);
      codes.push(r.body.code);
    }
    expect(statuses).toEqual([202, 202, 429]);
    expect(codes[2]).toBe(ErrorCode.ADDRESS_RATE_LIMIT);
  });
});
