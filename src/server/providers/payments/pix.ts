/**
 * The Pix copy-paste code (Pix copia e cola, the BR Code): an EMV QRCPS merchant-presented payload
 * as the Banco Central's "Manual de Padrões para Iniciação do Pix" lays it out. Each field is ID
 * (2 digits), length (2 digits) and value:
 *
 *   00 payload format indicator '01'
 *   01 point of initiation (optional): '12' for a code that can be paid once (a dynamic one)
 *   26 merchant account information: 00 GUI 'br.gov.bcb.pix', then either 01 the Pix key (a static
 *      code) or 25 the PSP's location, a URL without scheme such as 'pix.example/qr/v2/...' (a
 *      dynamic code: the payer's bank fetches amount and txid there); 02 an optional text
 *   52 merchant category code, 53 currency '986' (real), 54 amount '123.45' (optional),
 *   58 country 'BR', 59 merchant name, 60 merchant city, 62 additional data (05 the txid, '***'
 *   for none), 63 CRC16-CCITT-FALSE of everything before it, '6304' included.
 *
 * Reading and writing are `@brazilian-utils/brazilian-utils`' (`getPixPayloadInfo`,
 * `generatePixPayload`): it checks the TLV layout, the CRC, the GUI (in any case), a key or a
 * location (never both), currency, country, name and city, and writes what it reads. This module
 * keeps our own rules on top: amounts in centavos, the txid's letters and digits, name and city
 * folded as before, and a PixCodeError saying which input was wrong. Pure, no I/O.
 */
import { generatePixPayload, getPixPayloadInfo } from '@brazilian-utils/brazilian-utils';

export class PixCodeError extends Error {}

export const MAX_NAME = 25;
export const MAX_CITY = 15;
export const MAX_TXID = 25;
/** The longest Pix key (an e-mail address: 77). */
export const MAX_KEY = 77;

/**
 * A name or city as a BR Code carries it: accents dropped (São -> Sao, ç -> c), any other
 * character outside printable ASCII dropped, spaces collapsed, cut to `max` characters.
 */
export function foldText(text: string, max: number): string {
  const ascii = text.normalize('NFD').replace(/\p{M}+/gu, '').replace(/[^\x20-\x7e]+/g, ' ');
  return ascii.replace(/\s+/g, ' ').trim().slice(0, max).trim();
}

export interface PixCodeInput {
  /** the receiver's Pix key: CPF/CNPJ digits, +55 phone, e-mail or random key (EVP) */
  key: string;
  /** centavos; null or 0: the payer types the amount */
  amountCents: number | null;
  merchantName: string;
  merchantCity: string;
  /** letters and digits, at most 25; null: '***' (none) */
  txid: string | null;
  /** an optional text shown to the payer (field 26-02) */
  description?: string | null;
}

/** '123.45' for 12345 centavos. */
const amountText = (cents: number): string => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/**
 * The BR Code of a static Pix (a key, not a location). Name and city are folded and cut; a bad
 * key, txid or amount throws PixCodeError.
 */
export function pixCode(input: PixCodeInput): string {
  const key = input.key.trim();
  if (!key || key.length > MAX_KEY || !/^[\x21-\x7e]+$/.test(key)) throw new PixCodeError('the Pix key must be 1 to 77 printable ASCII characters');
  const txid = input.txid;
  if (txid !== null && !new RegExp(`^[A-Za-z0-9]{1,${MAX_TXID}}$`).test(txid)) throw new PixCodeError(`the txid must be 1 to ${MAX_TXID} letters and digits`);
  const cents = input.amountCents ?? 0;
  if (!Number.isSafeInteger(cents) || cents < 0) throw new PixCodeError(`not an amount in centavos: ${input.amountCents}`);
  if (cents > 0 && amountText(cents).length > 13) throw new PixCodeError('the amount is longer than 13 characters');
  const merchantName = foldText(input.merchantName, MAX_NAME);
  const merchantCity = foldText(input.merchantCity, MAX_CITY);
  if (!merchantName || !merchantCity) throw new PixCodeError('the merchant name and city are required');
  const description = input.description ? foldText(input.description, 99) : '';

  const code = generatePixPayload({
    key, merchantName, merchantCity,
    // centavos / 100 is the nearest double to the decimal, which the library writes with 2 places
    ...(cents > 0 ? { amount: cents / 100 } : {}),
    ...(txid !== null ? { txid } : {}),
    ...(description ? { description } : {}),
  });
  if (code === null) throw new PixCodeError('not a Pix key (CPF, CNPJ, +55 mobile phone, e-mail or random key)');
  return code;
}

export interface ParsedPixCode {
  /** 'static': a key, may be paid many times; 'dynamic': a PSP location (or point of initiation 12) */
  kind: 'static' | 'dynamic';
  /** the receiver's key (a static code); null in a dynamic one */
  key: string | null;
  /** the PSP's location, without scheme (a dynamic code); null in a static one */
  url: string | null;
  description: string | null;
  /** null: no amount (the payer types it, or a dynamic code's location holds it) */
  amountCents: number | null;
  merchantName: string;
  merchantCity: string;
  /** null: none ('***'), or a dynamic code (its location holds it) */
  txid: string | null;
}

/**
 * Reads a BR Code, static or dynamic, and checks it (`getPixPayloadInfo`): layout, CRC, the Pix
 * GUI with exactly one of a key and a location, currency 986, country BR, name and city. Throws
 * PixCodeError for a code that is not a well-formed Pix BR Code.
 */
export function parsePixCode(code: string): ParsedPixCode {
  if (!/^[\x20-\x7e]+$/.test(code)) throw new PixCodeError('a BR Code is printable ASCII');
  const info = getPixPayloadInfo(code);
  if (!info) throw new PixCodeError('not a well-formed Pix BR Code (layout, CRC, GUI br.gov.bcb.pix with a key or a location, currency, country, name, city)');
  return {
    kind: info.pointOfInitiation,
    key: info.key ?? null,
    url: info.url ?? null,
    description: info.description ?? null,
    amountCents: info.amount === undefined ? null : Math.round(info.amount * 100),
    merchantName: info.merchantName,
    merchantCity: info.merchantCity,
    txid: info.txid ?? null,
  };
}

/** Whether `code` is a well-formed Pix BR Code, static or dynamic. */
export function isValidPixCode(code: string): boolean {
  try {
    parsePixCode(code);
    return true;
  } catch (e) {
    if (e instanceof PixCodeError) return false;
    throw e;
  }
}
