import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestServer, type TestServer } from '../../support/server';
import { signUpNewCustomer } from '../../support/flows';
import { fixture } from '../../support/uploads';
import { MAX_UPLOAD_BYTES } from '#shared/bill/rules';

/** Over a real socket, as a browser sends it: the 413 reaches the client, a good file goes through. */
let s: TestServer;
let server: ReturnType<typeof serve>;
let base: string;
beforeAll(async () => {
  s = await createTestServer();
  server = serve({ fetch: s.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((r) => server.once('listening', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await s.close();
});

const post = (token: string, bytes: Uint8Array, name: string) => {
  const form = new FormData();
  form.append('file', new Blob([Buffer.from(bytes)]), name);
  return fetch(`${base}/api/v1/portal/customers/bills?is_holder=true`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${token}` } });
};

test('an 11 MB upload gets its 413 answer over HTTP', async () => {
  const { token } = await signUpNewCustomer(s);
  const big = new Uint8Array(11 * 1024 * 1024);
  big.set(fixture('cemig-clean-residential.pdf').subarray(0, 512));
  const res = await post(token, big, 'conta.pdf');
  expect(res.status).toBe(413);
  expect(((await res.json()) as { message: string }).message).toBe('Tamanho do arquivo excedido! Carregue um arquivo com até 10MB.');
});

test('a bill goes through over HTTP', async () => {
  const { token } = await signUpNewCustomer(s);
  const res = await post(token, fixture('cemig-clean-residential.pdf'), 'conta.pdf');
  expect(res.status).toBe(201);
});

test('over HTTP (with its Content-Length), exactly 10 MB goes through and one byte more gets the 413', async () => {
  const { token } = await signUpNewCustomer(s);
  const exact = new Uint8Array(MAX_UPLOAD_BYTES);
  exact.set(fixture('cemig-clean-residential.pdf'));
  expect((await post(token, exact, 'conta.pdf')).status).toBe(201);
  const over = new Uint8Array(MAX_UPLOAD_BYTES + 1);
  over.set(fixture('cemig-clean-residential.pdf'));
  const res = await post(token, over, 'conta.pdf');
  expect(res.status).toBe(413);
  expect((await res.json()) as unknown).toMatchObject({ code: 4130, message: 'Tamanho do arquivo excedido! Carregue um arquivo com até 10MB.' });
});
