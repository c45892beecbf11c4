import { endpoint, failure } from '../endpoint';
import { CheckoutRequest, CheckoutStatus, PaymentTokenRequest, PaymentTokenResponse, TokenizerConfig } from './payloads';

/** The booking's payment: the card (tokenized in the browser) or the boleto day. */

export const checkoutStatus = endpoint({
  method: 'get', path: '/portal/customers/checkout', auth: 'customer', tag: 'checkout',
  summary: "Whether the customer's payment is set up (the spec's exists flag) and how: card brand and last four digits, or the boleto day.",
  responses: { 200: { description: 'the checkout', schema: CheckoutStatus }, 401: failure('no valid session') },
});

export const checkout = endpoint({
  method: 'post', path: '/portal/customers/checkout', auth: 'customer', tag: 'checkout', body: CheckoutRequest,
  summary: 'Set up the payment of the client plan: an individual sends the card token (the first monthly fee is pre-authorised, not charged), a company the boleto day (10, 15, 20 or 25; nothing is charged until 30 days after the system connects).',
  responses: {
    201: { description: 'done', schema: CheckoutStatus }, 400: failure('invalid request (4000)'), 401: failure('no valid session'),
    404: failure('not the customer\'s client plan'),
    409: failure('not at the checkout, already done (4090), or a card for a company / a boleto for an individual (4098)'),
    422: failure('the card was declined (4222), or the token is invalid or used (4223)'),
  },
});

export const tokenizer = endpoint({
  method: 'get', path: '/portal/payments/tokenizer', auth: 'customer', tag: 'checkout',
  summary: "Where the browser tokenizes the card: the local sandbox on our origin, or Iugu's payment_token with the account id.",
  responses: { 200: { description: 'tokenizer', schema: TokenizerConfig }, 401: failure('no valid session') },
});

export const sandboxPaymentToken = endpoint({
  method: 'post', path: '/payments-sandbox/payment_token', auth: 'none', tag: 'checkout', body: PaymentTokenRequest,
  summary: "The local card sandbox (PAYMENT_PROVIDER=local): Iugu's POST /v1/payment_token contract, offline; test cards as Iugu's. 404 with another provider.",
  responses: {
    200: { description: 'token, or the invalid fields', schema: PaymentTokenResponse }, 400: failure('not a payment_token request'),
    404: failure('the sandbox is off'),
  },
});

export const checkoutEndpoints = [checkoutStatus, checkout, tokenizer, sandboxPaymentToken];
