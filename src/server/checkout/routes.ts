import type { Hono } from 'hono';
import { checkout, checkoutStatus, sandboxPaymentToken, tokenizer } from '#shared/checkout/endpoints';
import type { AppDeps } from '../config';
import { DomainError } from '../errors';
import { endpointApp } from '../http/route';
import { createPaymentToken, SANDBOX_TOKEN_URL } from '../providers/payments/index';
import { checkout as doCheckout, checkoutOf, paymentsOf } from './service';

/** Iugu's payment_token, where the browser posts the card (never to our API). */
const IUGU_TOKEN_URL = 'https://api.iugu.com/v1/payment_token';

/** The booking's payment: the customer's checkout, the tokenizer's address and the local card sandbox. */
export function checkoutRoutes(deps: AppDeps): Hono {
  const { app, route } = endpointApp(deps);
  const payments = paymentsOf(deps);
  route(checkoutStatus, async (c) => c.json(await checkoutOf(deps.db, c.get('customerId'))));
  route(checkout, async (c) => c.json(await doCheckout({ db: deps.db, clock: deps.clock, payments }, c.get('customerId'), c.req.valid('json')), 201));
  route(tokenizer, (c) => {
    const config = payments.tokenizerConfig();
    return c.json(config.provider === 'local'
      ? { provider: 'local', url: SANDBOX_TOKEN_URL, account_id: null, test: true }
      : { provider: 'iugu', url: IUGU_TOKEN_URL, account_id: config.accountId, test: config.testMode });
  });
  route(sandboxPaymentToken, (c) => {
    if (payments.name !== 'local') throw new DomainError('NOT_FOUND');
    return c.json(createPaymentToken(c.req.valid('json'), deps.secret, deps.clock.now()));
  });
  return app;
}
