// @vitest-environment happy-dom
import ky from 'ky';
import { expect, test } from 'vitest';
import { createTestServer } from '../support/server';

test('the in-process fetch serves ky under happy-dom, as the screen tests use it', async () => {
  const s = await createTestServer();
  const api = ky.create({ prefix: 'http://localhost/api/v1', fetch: s.fetch });
  const body = await api.get('portal/cities/DF').json();
  expect(body).toEqual({ success: true, data: [{ city_id: 5300108, name: 'Brasília' }] });
  const payload = await s.solveBotCheck();
  const r = await api.post('queue/sms', { json: { phone: '5511987654321', type: 'SIGN_UP', resend: false, recaptcha: payload, secret: 'harness-request-secret-0123456789' } });
  expect(r.status).toBe(202);
  expect((await s.readOutbox('5511987654321'))[0]?.code).toMatch(/^\d{6}$/);
  await s.close();
});
