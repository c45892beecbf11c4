import * as v from 'valibot';
import { checkout, checkoutStatus, sandboxPaymentToken, tokenizer } from '#shared/checkout/endpoints';
import { PaymentTokenResponse, type CheckoutRequest, type CheckoutStatus, type TokenizerConfig } from '#shared/checkout/payloads';
import { splitHolderName } from '#shared/checkout/rules';
import type { Transport } from './transport';

/** The card as the form has it. */
export interface CardEntry { number: string; holder: string; month: string; year: string; cvv: string }

/** The booking's payment: its status, the card's tokenization at the provider and the checkout. */
export const checkoutCalls = (t: Transport) => ({
  /** GET /portal/customers/checkout */
  async getCheckout(): Promise<CheckoutStatus> {
    const { data } = await t.call(checkoutStatus, {});
    return data;
  },

  /** POST /portal/customers/checkout: the card token or the boleto day */
  async checkout(request: CheckoutRequest): Promise<CheckoutStatus> {
    const { data } = await t.call(checkout, { json: request });
    return data;
  },

  /**
   * Iugu's payment_token (the local sandbox on our origin, or Iugu's): the card goes to the provider
   * only; our API later sees the single-use token. The holder's name is split into first and last word.
   */
  async tokenizeCard(card: CardEntry): Promise<PaymentTokenResponse> {
    const { data: config } = await t.call(tokenizer, {});
    const body = {
      account_id: config.account_id, method: 'credit_card' as const, test: config.test,
      data: { number: card.number.replace(/\D/g, ''), verification_value: card.cvv, ...splitHolderName(card.holder), month: card.month, year: card.year },
    };
    if (config.provider === 'local') return (await t.call(sandboxPaymentToken, { json: body, token: null })).data;
    return tokenizeAtIugu(config, body);
  },
});

async function tokenizeAtIugu(config: TokenizerConfig, body: unknown): Promise<PaymentTokenResponse> {
  const response = await fetch(config.url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return v.parse(PaymentTokenResponse, await response.json());
}
