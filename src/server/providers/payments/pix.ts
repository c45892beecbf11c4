/**
 * The Pix copy-paste code (Pix copia e cola, the BR Code): an EMV QRCPS merchant-presented payload
 * as the Banco Central's "Manual de Padrões para Iniciação do Pix" lays it out, static, with or
 * without an amount. Each field is ID (2 digits), length (2 digits) and value:
 *
 *   00 payload format indicator '01'
 *   26 merchant account information: 00 GUI 'br.gov.bcb.pix', 01 the Pix key, 02 an optional text
 *   52 merchant category code '0000'
 *   53 transaction currency '986' (real)
 *   54 transaction amount, '123.45' (omitted: the payer types it)
 *   58 country code 'BR'
 *   59 merchant name, at most 25 characters
 *   60 merchant city, at most 15 characters
 *   62 additional data: 05 reference label (txid), at most 25 letters and digits, '***' for none
 *   63 CRC16-CCITT-FALSE (polynomial 0x1021, initial 0xFFFF) of everything before it, '6304'
 *      included, as 4 upper-case hex digits
 *
 * Written here rather than taken from `pix-utils` (maintained, typed): this needs the few lines
 * above plus name folding, and that library brings axios for dynamic Pix, which we do not use.
 * The tests check the CRC and layout against codes published by the Banco Central, a bank and
 * pix-utils' own test vectors. Pure, no I/O.
 */

export class PixCodeError extends Error {}

export const PIX_GUI = 'br.gov.bcb.pix';
export const MAX_NAME = 25;
export const MAX_CITY = 15;
export const MAX_TXID = 25;
/** The longest Pix key (an e-mail address: 77). */
export const MAX_KEY = 77;

/** CRC16-CCITT-FALSE over the characters' codes (the payload is ASCII). */
export function crc16(payload: string): string {
  let crc = 0xffff;
  for (let i = 0; i < payload.length; i++) {
    crc ^= payload.charCodeAt(i) << 8;
    for (let b = 0; b < 8; b++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

const field = (id: string, value: string): string => {
  if (value.length > 99) throw new PixCodeError(`field ${id} is longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
};

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

/** The BR Code of a static Pix. Name and city are folded and cut; a bad key, txid or amount throws. */
export function pixCode(input: PixCodeInput): string {
  const key = input.key.trim();
  if (!key || key.length > MAX_KEY || !/^[\x21-\x7e]+$/.test(key)) throw new PixCodeError('the Pix key must be 1 to 77 printable ASCII characters');
  const txid = input.txid ?? '***';
  if (txid !== '***' && !new RegExp(`^[A-Za-z0-9]{1,${MAX_TXID}}$`).test(txid)) throw new PixCodeError(`the txid must be 1 to ${MAX_TXID} letters and digits`);
  const amount = input.amountCents ?? 0;
  if (!Number.isSafeInteger(amount) || amount < 0) throw new PixCodeError(`not an amount in centavos: ${input.amountCents}`);
  const name = foldText(input.merchantName, MAX_NAME);
  const city = foldText(input.merchantCity, MAX_CITY);
  if (!name || !city) throw new PixCodeError('the merchant name and city are required');
  const description = input.description ? foldText(input.description, 99) : '';

  const account = field('00', PIX_GUI) + field('01', key) + (description ? field('02', description) : '');
  const amountText = amount > 0 ? `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, '0')}` : '';
  if (amountText.length > 13) throw new PixCodeError('the amount is longer than 13 characters');
  const body = field('00', '01') + field('26', account) + field('52', '0000') + field('53', '986')
    + (amountText ? field('54', amountText) : '') + field('58', 'BR') + field('59', name) + field('60', city)
    + field('62', field('05', txid)) + '6304';
  return body + crc16(body);
}

export interface ParsedPixCode {
  key: string;
  description: string | null;
  /** null: no amount (the payer types it) */
  amountCents: number | null;
  merchantName: string;
  merchantCity: string;
  /** '***' when none */
  txid: string | null;
  /** every top-level field by ID, as read */
  fields: Record<string, string>;
}

/** Splits ID-length-value fields; throws on a length that runs past the end. */
function tlv(text: string, where: string): [string, string][] {
  const out: [string, string][] = [];
  let i = 0;
  while (i < text.length) {
    const id = text.slice(i, i + 2);
    const lengthText = text.slice(i + 2, i + 4);
    if (!/^\d\d$/.test(id) || !/^\d\d$/.test(lengthText)) throw new PixCodeError(`${where}: malformed field at ${i}`);
    const length = Number(lengthText);
    const value = text.slice(i + 4, i + 4 + length);
    if (value.length !== length) throw new PixCodeError(`${where}: field ${id} runs past the end`);
    out.push([id, value]);
    i += 4 + length;
  }
  return out;
}

/**
 * Reads a BR Code and checks it: the CRC, field layout, the Pix GUI with a key, currency 986,
 * country BR, name and city within their lengths. Throws PixCodeError saying what is wrong.
 * (The GUI is compared ignoring case: some banks write it in capitals.)
 */
export function parsePixCode(code: string): ParsedPixCode {
  if (!/^[\x20-\x7e]+$/.test(code)) throw new PixCodeError('a BR Code is printable ASCII');
  const crcAt = code.length - 8;
  if (crcAt < 0 || code.slice(crcAt, crcAt + 4) !== '6304') throw new PixCodeError('the CRC field (6304) must close the code');
  const crc = code.slice(crcAt + 4);
  if (crc.toUpperCase() !== crc16(code.slice(0, crcAt + 4))) throw new PixCodeError('wrong CRC');
  const top = tlv(code.slice(0, crcAt), 'BR Code');
  const fields: Record<string, string> = {};
  for (const [id, value] of top) {
    if (id in fields) throw new PixCodeError(`field ${id} repeats`);
    fields[id] = value;
  }
  if (top[0]?.[0] !== '00' || fields['00'] !== '01') throw new PixCodeError('field 00 must come first and be 01');
  const account = Object.fromEntries(tlv(fields['26'] ?? '', 'merchant account (26)'));
  if (account['00']?.toLowerCase() !== PIX_GUI) throw new PixCodeError('field 26 must carry the GUI br.gov.bcb.pix');
  const key = account['01'];
  if (!key) throw new PixCodeError('field 26 has no Pix key (this is not a static Pix)');
  if (fields['52'] === undefined || !/^\d{4}$/.test(fields['52'])) throw new PixCodeError('field 52 must be 4 digits');
  if (fields['53'] !== '986') throw new PixCodeError('field 53 must be 986 (real)');
  if (fields['58'] !== 'BR') throw new PixCodeError('field 58 must be BR');
  const name = fields['59'] ?? '';
  const city = fields['60'] ?? '';
  if (!name || name.length > MAX_NAME) throw new PixCodeError(`field 59 must be 1 to ${MAX_NAME} characters`);
  if (!city || city.length > MAX_CITY) throw new PixCodeError(`field 60 must be 1 to ${MAX_CITY} characters`);
  let amountCents: number | null = null;
  if (fields['54'] !== undefined) {
    const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(fields['54']);
    if (!m || fields['54'].length > 13) throw new PixCodeError('field 54 must be an amount like 123.45');
    amountCents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  }
  const extra = Object.fromEntries(tlv(fields['62'] ?? '', 'additional data (62)'));
  const txid = extra['05'] ?? null;
  if (txid !== null && txid !== '***' && !new RegExp(`^[A-Za-z0-9]{1,${MAX_TXID}}$`).test(txid)) throw new PixCodeError('field 62-05 (txid) must be up to 25 letters and digits');
  return { key, description: account['02'] ?? null, amountCents, merchantName: name, merchantCity: city, txid, fields };
}

export function isValidPixCode(code: string): boolean {
  try {
    parsePixCode(code);
    return true;
  } catch (e) {
    if (e instanceof PixCodeError) return false;
    throw e;
  }
}
