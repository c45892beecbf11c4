import { afterAll, beforeAll, expect, test } from 'vitest';
import type { InvoiceRequest, InvoiceState, Invoices, IssuedInvoice } from '../../../src/server/providers/payments/invoices';
import { createTestServer, type TestServer } from '../../support/server';
import { call, customerAtPayment, lastCode, newAddress } from '../../support/flows';

/**
 * Iugu's invoice.status_changed trigger: only with the configured token, and the provider is asked
 * again before a payment is believed (a forged "paid" with the right invoice id changes nothing).
 */

const TOKEN = 'iugu-trigger-token-0123456789';
const states = new Map<string, InvoiceState>();
const issued: InvoiceRequest[] = [];
const fakeIugu: Invoices = {
  name: 'iugu',
  async issue(request): Promise<IssuedInvoice> {
    issued.push(request);
    const ref = `IUGU${issued.length}ABCDEF`;
    states.set(ref, { status: 'PENDING', paidAt: null });
    return { providerRef: ref, secureUrl: `https://faturas.iugu.com/${ref}`, status: 'PENDING', digitableLine: null, barcode: null, pixCode: null };
  },
  async state(ref) { return states.get(ref) ?? { status: 'PENDING', paidAt: null }; },
  async cancel(ref) { states.set(ref, { status: 'CANCELED', paidAt: null }); },
};

let s: TestServer;
beforeAll(async () => { s = await createTestServer({ invoices: fakeIugu, paymentWebhookToken: TOKEN }); });
afterAll(async () => { await s.close(); });

const trigger = (ref: string, status: string, authorization?: string) => s.fetch('/api/v1/portal/webhooks/payments', {
  method: 'POST', body: new URLSearchParams({ event: 'invoice.status_changed', 'data[id]': ref, 'data[status]': status }).toString(),
  headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...(authorization ? { Authorization: authorization } : {}) },
});

test('a trigger without the token is refused; with it, only what Iugu confirms is recorded', async () => {
  const c = await customerAtPayment(s, 'CASH_PURCHASE', { contracts: true });
  for (const k of c.contracts) {
    const secret = `iugu-webhook-secret-${k.id}`;
    const post = (path: string, body: unknown) => s.fetch(path, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': newAddress() } });
    expect((await post(`/sign/${k.key}/code`, { secret })).status).toBe(202);
    expect((await post(`/sign/${k.key}`, { secret, code: await lastCode(s, c.phone), consent: true })).status).toBe(201);
  }
  const invoice = await call(s, 'PATCH', `/portal/customers/create/${c.id}/invoice`, undefined, { token: c.token });
  expect(invoice.body.invoice_url).toMatch(/^https:\/\/faturas\.iugu\.com\//);
  expect(issued.at(-1)).toMatchObject({ amountCents: expect.any(Number), payer: { email: expect.any(String) } });
  const ref = String(invoice.body.invoice_url).split('/').at(-1)!;

  expect((await trigger(ref, 'paid')).status).toBe(401);
  expect((await trigger(ref, 'paid', 'wrong-token')).status).toBe(401);
  // the right token, but Iugu says it is still pending: nothing changes
  expect((await trigger(ref, 'paid', TOKEN)).status).toBe(200);
  expect((await call(s, 'GET', '/portal/customer/invoice_status', undefined, { token: c.token })).body.invoice_status).toBe('PENDING');
  // Iugu confirms the payment
  states.set(ref, { status: 'PAID', paidAt: s.clock.now() });
  expect((await trigger(ref, 'paid', TOKEN)).status).toBe(200);
  expect((await call(s, 'GET', '/portal/customer/invoice_status', undefined, { token: c.token })).body.invoice_status).toBe('PAID');
  // an unknown invoice or another trigger is taken and ignored
  expect((await trigger('UNKNOWN', 'paid', TOKEN)).status).toBe(200);
});

test('without a webhook the status read asks Iugu about an open invoice', async () => {
  const c = await customerAtPayment(s, 'CASH_PURCHASE', { contracts: true });
  for (const k of c.contracts) {
    const secret = `iugu-poll-secret-${k.id}`;
    const post = (path: string, body: unknown) => s.fetch(path, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': newAddress() } });
    await post(`/sign/${k.key}/code`, { secret });
    await post(`/sign/${k.key}`, { secret, code: await lastCode(s, c.phone), consent: true });
  }
  const invoice = await call(s, 'PATCH', `/portal/customers/create/${c.id}/invoice`, undefined, { token: c.token });
  const ref = String(invoice.body.invoice_url).split('/').at(-1)!;
  states.set(ref, { status: 'PAID', paidAt: s.clock.now() });
  expect((await call(s, 'GET', '/portal/customer/invoice_status', undefined, { token: c.token })).body.invoice_status).toBe('PAID');
});
