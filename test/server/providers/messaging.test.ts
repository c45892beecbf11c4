import { describe, expect, test } from 'vitest';
import { whatsappCloud, zenviaSms } from '../../../src/server/providers/messaging/index';

/** A fetch that records the request and answers with `status`. */
function recorder(status = 200) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response('{}', { status });
  };
  return { calls, fetch };
}

describe('SMS and WhatsApp adapters speak the providers\' protocols', () => {
  test('Zenvia: POST /v2/channels/sms/messages with X-API-TOKEN and a text content', async () => {
    const r = recorder();
    await zenviaSms({ token: 'tok', from: 'portal', fetch: r.fetch }).send({ to: '5511987654321', body: 'Seu código é 123456', code: '123456' });
    expect(r.calls[0]?.url).toBe('https://api.zenvia.com/v2/channels/sms/messages');
    expect(new Headers(r.calls[0]?.init.headers).get('X-API-TOKEN')).toBe('tok');
    expect(JSON.parse(String(r.calls[0]?.init.body))).toEqual({
      from: 'portal', to: '5511987654321', contents: [{ type: 'text', text: 'Seu código é 123456' }],
    });
  });

  test('WhatsApp Cloud API: a template message carrying the code, with the bearer token', async () => {
    const r = recorder();
    await whatsappCloud({ token: 'wa', phoneNumberId: '999', template: 'codigo_acesso', fetch: r.fetch })
      .send({ to: '5511987654321', body: 'x', code: '654321' });
    expect(r.calls[0]?.url).toBe('https://graph.facebook.com/v21.0/999/messages');
    expect(new Headers(r.calls[0]?.init.headers).get('Authorization')).toBe('Bearer wa');
    const body = JSON.parse(String(r.calls[0]?.init.body));
    expect(body).toMatchObject({ messaging_product: 'whatsapp', to: '5511987654321', type: 'template', template: { name: 'codigo_acesso', language: { code: 'pt_BR' } } });
    expect(JSON.stringify(body.template.components)).toContain('654321');
  });

  test('a refused request throws, so the queue retries it', async () => {
    const r = recorder(503);
    await expect(zenviaSms({ token: 't', from: 'f', fetch: r.fetch }).send({ to: '5511987654321', body: 'b' })).rejects.toThrow(/503/);
  });
});

describe('a provider that never answers', () => {
  /** A stand-in on loopback that accepts the connection and the request, and never answers. */
  async function silentProvider() {
    const { createServer } = await import('node:http');
    const server = createServer(() => { /* never answers */ });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as { port: number };
    return { baseUrl: `http://127.0.0.1:${port}`, close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }) };
  }

  test('Zenvia and WhatsApp sends fail within their time-out, so the queue retries them', async () => {
    const silent = await silentProvider();
    try {
      const t0 = Date.now();
      await expect(zenviaSms({ token: 't', from: 'f', baseUrl: silent.baseUrl, timeoutMs: 200 }).send({ to: '5511987654321', body: 'b' }))
        .rejects.toThrow(/Zenvia: no answer in 200 ms/);
      await expect(whatsappCloud({ token: 't', phoneNumberId: '1', template: 'x', baseUrl: silent.baseUrl, timeoutMs: 200 }).send({ to: '5511987654321', body: 'b', code: '1' }))
        .rejects.toThrow(/WhatsApp Cloud API: no answer in 200 ms/);
      expect(Date.now() - t0).toBeLessThan(2_000);
    } finally {
      await silent.close();
    }
  });
});
