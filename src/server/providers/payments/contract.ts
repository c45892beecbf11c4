/**
 * The card-payments contract shared by the providers (ARCHITECTURE "Card payments and boleto"); see
 * ./index for the overview and the choice by environment. Kept apart so the providers do not import
 * the module that imports them.
 */

import { CARD_BRAND_NAMES, type CardBrand } from '#shared/checkout/rules';

export type { CardBrand };
/** Accepted brands, spelled as Iugu writes them in `extra_info.brand` (spec §9). */
export const CARD_BRANDS = Object.keys(CARD_BRAND_NAMES) as CardBrand[];

/** What we may keep and show about a card: never its number or security code. */
export interface AuthorizedCard {
  brand: CardBrand;
  last4: string;
  /**
   * Holder and expiry are known to the local sandbox (they travel inside its token); Iugu's charge
   * answer carries only brand and last four digits, so they are null there.
   */
  holder: string | null;
  month: number | null;
  year: number | null;
}

export interface PreAuthorization {
  /** the token the browser got from the provider's tokenizer (single use) */
  token: string;
  /** the first monthly fee, in centavos */
  amountCents: number;
  customer: { id: string; name: string; email: string };
  /** the line shown on the provider's invoice */
  description: string;
}

export type PreAuthorizationResult =
  | { ok: true; chargeId: string; card: AuthorizedCard }
  | { ok: false; reason: 'declined' | 'invalid_token' | 'token_used'; message?: string };

/**
 * The customer replaces their card (the profile's card update): the same amount is pre-authorised
 * on the new card, then the previous authorisation (if any) is released.
 */
export interface CardReplacement extends PreAuthorization {
  /** the authorisation on the card being replaced; null when there is none to release */
  previousChargeId: string | null;
}

export type CardReplacementResult =
  | { ok: true; chargeId: string; card: AuthorizedCard; /** false when the provider refused to release it (already released, expired) */ previousReleased: boolean }
  | { ok: false; reason: 'declined' | 'invalid_token' | 'token_used'; message?: string };

/** What the card form needs to tokenize in the browser. */
export type TokenizerConfig =
  | { provider: 'local'; url: string }
  /** accountId null: IUGU_ACCOUNT_ID is not set, so the browser cannot tokenize (no card form) */
  | { provider: 'iugu'; accountId: string | null; testMode: boolean };

export interface CardPayments {
  readonly name: 'local' | 'iugu';
  /**
   * Authorises `amountCents` on the tokenized card without capturing it. A refusal by the issuer,
   * a bad or used token are answers; the promise rejects only when the provider cannot answer.
   */
  preAuthorize(request: PreAuthorization): Promise<PreAuthorizationResult>;
  /** Takes the pre-authorised amount; rejects when the provider refuses (e.g. already cancelled). */
  capture(chargeId: string): Promise<void>;
  /** Releases the pre-authorised amount. */
  cancel(chargeId: string): Promise<void>;
  /**
   * Moves the authorisation to a new card: authorises on the new token first (a refusal leaves the
   * old card as it was), then releases the previous one. Rejects only when the provider cannot answer.
   */
  replaceCard(request: CardReplacement): Promise<CardReplacementResult>;
  tokenizerConfig(): TokenizerConfig;
}

export class PaymentProviderError extends Error {
  constructor(message: string, readonly status?: number) {
    super(message);
  }
}
