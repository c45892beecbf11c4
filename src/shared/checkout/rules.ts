/**
 * The booking (checkout) rules (spec §5 "Billing day", "Card form", §6): a company chooses the
 * boleto day, an individual gives a card that the provider tokenizes in the browser; the provider's
 * field flags become 'O {field label} é inválido'. Plain data and functions: the card form imports
 * them without the validation library (card numbers are read by card-validator).
 */
import cardValidator from 'card-validator';

/** Spec §9: the boleto due days a company chooses from. */
export const BILLING_DAYS = [10, 15, 20, 25] as const;
export type BillingDay = (typeof BILLING_DAYS)[number];
export const isBillingDay = (day: number): day is BillingDay => (BILLING_DAYS as readonly number[]).includes(day);

/** Spec §6: companies pay by boleto, individuals by card. */
export const paysByBoleto = (documentType: 'CPF' | 'CNPJ'): boolean => documentType === 'CNPJ';

/** The fields the provider flags (Iugu's payment_token errors), with the label the message names. */
export const CARD_FIELD_LABELS = {
  number: 'número do cartão',
  verification_value: 'código de segurança',
  expiration: 'data de validade',
  first_name: 'primeiro nome do titular',
  last_name: 'sobrenome do titular',
  full_name: 'nome do titular',
} as const;
export type CardField = keyof typeof CARD_FIELD_LABELS;

/** Spec §5: each field the provider flags yields 'O {field label} é inválido'. */
export const cardFieldMessage = (field: CardField): string => `O ${CARD_FIELD_LABELS[field]} é inválido`;

/**
 * Spec §5: the holder name is split into first and last word. One word only: the provider flags the
 * last name (a card's name has two).
 */
export function splitHolderName(name: string): { first_name: string; last_name: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return { first_name: words[0] ?? '', last_name: words.length > 1 ? words.at(-1)! : '' };
}

/** Spec §5: expiry years from the current one across 20 years. */
export const expiryYears = (currentYear: number): number[] => Array.from({ length: 20 }, (_, i) => currentYear + i);
export const EXPIRY_MONTHS = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'] as const;

/** Accepted brands as the provider spells them, with the names shown to the customer (spec §9). */
export const CARD_BRAND_NAMES = { VISA: 'Visa', MASTER: 'Mastercard', AMEX: 'American Express', DINERS: 'Diners Club', ELO: 'Elo' } as const;
export type CardBrand = keyof typeof CARD_BRAND_NAMES;

/** Spec §5: CVV 3 digits, 4 for amex. */
export const cvvLength = (brand: CardBrand | null): 3 | 4 => (brand === 'AMEX' ? 4 : 3);

/** card-validator's brand ids of the brands we accept (spec §9), with the provider's spelling. */
const BRAND_BY_VALIDATOR_TYPE: Readonly<Record<string, CardBrand>> = {
  visa: 'VISA', mastercard: 'MASTER', 'american-express': 'AMEX', 'diners-club': 'DINERS', elo: 'ELO',
};

export interface CardNumberCheck {
  /** the accepted brand the number's BIN names (longest prefix: Elo ranges inside 4xxxxx beat Visa), or null */
  brand: CardBrand | null;
  /** a complete number that passes Luhn for its brand's lengths */
  isValid: boolean;
  /** where the printed groups break (4-6-4/5 for amex and diners, 4-4-4-4 otherwise) */
  gaps: number[];
  /** the longest number of the brand */
  maxLength: number;
}

/** Brand by BIN and Luhn, by card-validator (Braintree's maintained library), as typed so far. */
export function checkCardNumber(typed: string): CardNumberCheck {
  const digits = typed.replace(/\D/g, '');
  const v = cardValidator.number(digits);
  const brand = v.card ? BRAND_BY_VALIDATOR_TYPE[v.card.type] ?? null : null;
  return { brand, isValid: v.isValid && brand !== null, gaps: v.card?.gaps ?? [4, 8, 12], maxLength: v.card ? Math.max(...v.card.lengths) : 16 };
}

/** The number as printed on the card (groups by the brand's gaps), digits only, cut at the brand's length. */
export function formatCardNumber(typed: string): string {
  const { gaps, maxLength } = checkCardNumber(typed);
  const digits = typed.replace(/\D/g, '').slice(0, maxLength);
  return [0, ...gaps, maxLength].reduce<string[]>((parts, end, i, cuts) => (i === 0 ? parts : [...parts, digits.slice(cuts[i - 1], end)]), [])
    .filter(Boolean).join(' ');
}
