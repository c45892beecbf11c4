import * as v from 'valibot';
import { BILLING_DAYS, CARD_BRAND_NAMES, type CardBrand } from './rules';

const BRANDS = Object.keys(CARD_BRAND_NAMES) as CardBrand[];

/**
 * POST /portal/customers/checkout (the spec shows no path): the client plan and either the card
 * token the provider gave the browser (individuals) or the boleto day (companies).
 */
export const CheckoutRequest = v.union([
  v.object({ client_plan_id: v.pipe(v.number(), v.integer()), token: v.pipe(v.string(), v.minLength(8), v.maxLength(2000)) }),
  v.object({ client_plan_id: v.pipe(v.number(), v.integer()), expires_day: v.picklist(BILLING_DAYS, 'Escolha o dia de vencimento do boleto.') }),
]);
export type CheckoutRequest = v.InferOutput<typeof CheckoutRequest>;

/** What the customer sees of their payment: never a card number (spec §3 "Card": brand, masked number, holder, due). */
export const CheckoutDone = v.variant('method', [
  v.object({
    method: v.literal('CARD'), brand: v.picklist(BRANDS), last4: v.string(), holder: v.nullable(v.string()),
    month: v.nullable(v.number()), year: v.nullable(v.number()),
  }),
  v.object({ method: v.literal('BOLETO'), expires_day: v.number() }),
]);
export type CheckoutDone = v.InferOutput<typeof CheckoutDone>;

/** GET /portal/customers/checkout: the spec's `exists` flag, and what was done. */
export const CheckoutStatus = v.object({ exists: v.boolean(), data: v.nullable(CheckoutDone) });
export type CheckoutStatus = v.InferOutput<typeof CheckoutStatus>;

/** How the browser tokenizes (GET /portal/payments/tokenizer): the URL it posts Iugu's payment_token body to. */
export const TokenizerConfig = v.object({
  provider: v.picklist(['local', 'iugu']), url: v.string(), account_id: v.nullable(v.string()), test: v.boolean(),
});
export type TokenizerConfig = v.InferOutput<typeof TokenizerConfig>;

/** Iugu's payment_token request (POST /v1/payment_token), also spoken by the local sandbox. */
export const PaymentTokenRequest = v.object({
  account_id: v.optional(v.nullable(v.string())),
  method: v.literal('credit_card'),
  test: v.optional(v.boolean()),
  data: v.object({
    number: v.pipe(v.string(), v.maxLength(32)), verification_value: v.pipe(v.string(), v.maxLength(8)),
    first_name: v.pipe(v.string(), v.maxLength(80)), last_name: v.pipe(v.string(), v.maxLength(80)),
    month: v.pipe(v.string(), v.maxLength(4)), year: v.pipe(v.string(), v.maxLength(4)),
  }),
});
const FieldFlag = v.optional(v.literal('is_invalid'));
/** Iugu's answer: a single-use token with the card's public facts, or the invalid fields. */
export const PaymentTokenResponse = v.union([
  v.object({
    id: v.string(), method: v.literal('credit_card'), test: v.boolean(),
    extra_info: v.object({ brand: v.string(), holder_name: v.string(), display_number: v.string(), month: v.number(), year: v.number() }),
  }),
  v.object({
    errors: v.object({ number: FieldFlag, verification_value: FieldFlag, expiration: FieldFlag, first_name: FieldFlag, last_name: FieldFlag, full_name: FieldFlag }),
  }),
]);
export type PaymentTokenResponse = v.InferOutput<typeof PaymentTokenResponse>;
