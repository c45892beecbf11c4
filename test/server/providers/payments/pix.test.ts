import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { PixCodeError, foldText, isValidPixCode, parsePixCode, pixCode } from '../../../../src/server/providers/payments/pix';

/**
 * The Pix copy-paste code (BR Code), read and written through @brazilian-utils/brazilian-utils:
 * static codes (a key) and dynamic ones (a PSP location), the CRC, the GUI, folding of name and city.
 */

/** The Banco Central's example in its "Manual de Padrões para Iniciação do Pix" (static, no amount). */
const BCB_EXAMPLE = '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';
/** A code a bank app (Nubank) issued, R$ 1,00, GUI in capitals and a postal code (field 61); from pix-utils' tests. */
const BANK_EXAMPLE = '00020126580014BR.GOV.BCB.PIX0119nubank@thalesog.com0213PIX de Testes52040000530398654041.005802BR5914Thales Ogliari6009SAO PAULO61080540900062070503***6304581E';
/** pix-utils' static example, R$ 10,00 with a text in 26-02. */
const LIB_EXAMPLE = '00020126510014br.gov.bcb.pix0115thalesog@me.com0210Pedido 123520400005303986540510.005802BR5914Thales Ogliari6002SC62070503***6304E5AB';
/** A dynamic code (a URL instead of a key, no point of initiation), from the Banco Central's homologation sandbox. */
const DYNAMIC_EXAMPLE = '00020126940014br.gov.bcb.pix2572qr-h.sandbox.pix.bcb.gov.br/rest/api/v2/cfe8166acaff4a62a18b7b766ef57c705204000053039865802BR5903Pix6008BRASILIA62070503***6304C7D7';
/**
 * A dynamic code as a PSP issues one for an invoice: point of initiation 12, a location in 26-25,
 * no amount (the location holds it). Built field by field below and checked against the CRC.
 */
const PSP_LOCATION = 'pix.example/qr/v2/cobv/9d36b84fc70b478fb95c12729b90ca25';

/** CRC16-CCITT-FALSE (polynomial 0x1021, initial 0xFFFF), to forge codes whose CRC is right but whose fields are not. */
function crc16(payload: string): string {
  let crc = 0xffff;
  for (let i = 0; i < payload.length; i++) {
    crc ^= payload.charCodeAt(i) << 8;
    for (let b = 0; b < 8; b++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}
const field = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;
const withCrc = (body: string) => body + crc16(body);

const PSP_DYNAMIC = withCrc(field('00', '01') + field('01', '12') + field('26', field('00', 'br.gov.bcb.pix') + field('25', PSP_LOCATION))
  + field('52', '0000') + field('53', '986') + field('58', 'BR') + field('59', 'SOL DE CASA ENERGIA LTDA') + field('60', 'SAO PAULO')
  + field('62', field('05', '***')) + '6304');

const base = { key: 'ad8aeed5-7fce-4e4a-bb19-757cd10f82c7', amountCents: 2_345_678, merchantName: 'Sol de Casa', merchantCity: 'SAO PAULO', txid: 'INV123' };

describe('CRC16-CCITT-FALSE', () => {
  test('the standard check value', () => {
    // CRC-16/CCITT-FALSE of '123456789' is 0x29B1
    expect(crc16('123456789')).toBe('29B1');
    expect(crc16('')).toBe('FFFF');
  });

  test.each([BCB_EXAMPLE, BANK_EXAMPLE, LIB_EXAMPLE, DYNAMIC_EXAMPLE])('published code %#: CRC over everything up to 6304', (code) => {
    expect(crc16(code.slice(0, -4))).toBe(code.slice(-4));
  });
});

describe('parsePixCode', () => {
  test("the Banco Central's example: static, no amount", () => {
    expect(parsePixCode(BCB_EXAMPLE)).toEqual({
      kind: 'static', key: '123e4567-e12b-12d1-a456-426655440000', url: null, amountCents: null, merchantName: 'Fulano de Tal', merchantCity: 'BRASILIA',
      txid: null, description: null,
    });
  });

  test("a bank's code, with amount, a text, the GUI in capitals and a field we do not use", () => {
    expect(parsePixCode(BANK_EXAMPLE)).toMatchObject({
      kind: 'static', key: 'nubank@thalesog.com', description: 'PIX de Testes', amountCents: 100, merchantName: 'Thales Ogliari', merchantCity: 'SAO PAULO',
    });
  });

  test("dynamic codes: a PSP's location instead of a key, with or without point of initiation 12", () => {
    expect(parsePixCode(PSP_DYNAMIC)).toEqual({
      kind: 'dynamic', key: null, url: PSP_LOCATION, amountCents: null, merchantName: 'SOL DE CASA ENERGIA LTDA', merchantCity: 'SAO PAULO',
      txid: null, description: null,
    });
    expect(parsePixCode(DYNAMIC_EXAMPLE)).toMatchObject({ kind: 'dynamic', key: null, url: 'qr-h.sandbox.pix.bcb.gov.br/rest/api/v2/cfe8166acaff4a62a18b7b766ef57c70' });
    expect(isValidPixCode(PSP_DYNAMIC)).toBe(true);
  });

  test('any changed character breaks the CRC', () => {
    for (const code of [BCB_EXAMPLE, PSP_DYNAMIC]) {
      for (let i = 0; i < code.length; i++) {
        const ch = code[i] === 'A' ? 'B' : 'A';
        expect(isValidPixCode(code.slice(0, i) + ch + code.slice(i + 1))).toBe(false);
      }
    }
    expect(() => parsePixCode(`${BCB_EXAMPLE.slice(0, -4)}1D3E`)).toThrow(PixCodeError);
    expect(isValidPixCode(`${PSP_DYNAMIC.slice(0, -4)}0000`)).toBe(false);
  });

  test('a code with a right CRC is still checked field by field', () => {
    const body = (code: string) => code.slice(0, -4);
    // another GUI, in a static and in a dynamic code
    expect(isValidPixCode(withCrc(body(BCB_EXAMPLE).replace('0014br.gov.bcb.pix', '0014br.gov.bcb.pax')))).toBe(false);
    expect(isValidPixCode(withCrc(body(PSP_DYNAMIC).replace('0014br.gov.bcb.pix', '0014com.example.pay')))).toBe(false);
    // a key and a location both, or neither
    const both = field('26', field('00', 'br.gov.bcb.pix') + field('01', 'pix@example.com') + field('25', PSP_LOCATION));
    expect(isValidPixCode(withCrc(body(PSP_DYNAMIC).replace(/26\d\d0014br\.gov\.bcb\.pix25\d\d[^]*?(?=5204)/, both)))).toBe(false);
    expect(isValidPixCode(withCrc(body(BCB_EXAMPLE).replace('26580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000', '26180014br.gov.bcb.pix')))).toBe(false);
    // a point of initiation other than 11 or 12
    expect(isValidPixCode(withCrc(body(PSP_DYNAMIC).replace('010212', '010213')))).toBe(false);
    expect(() => parsePixCode(withCrc('0002012658'))).toThrow(PixCodeError);
    expect(() => parsePixCode(withCrc('000202520400005303986' + '6304'))).toThrow(PixCodeError);
    // currency 840 (dollar)
    expect(() => parsePixCode(withCrc(body(BCB_EXAMPLE).replace('5303986', '5303840')))).toThrow(PixCodeError);
    // a length that runs past the end
    expect(() => parsePixCode(withCrc('00020126990014br.gov.bcb.pix6304'))).toThrow(PixCodeError);
    expect(isValidPixCode('')).toBe(false);
    expect(isValidPixCode('não é um código')).toBe(false);
  });

  test('a merchant name longer than the 25 characters a generator may write is read, as PSPs write them', () => {
    const long = withCrc(BCB_EXAMPLE.slice(0, -4).replace('5913Fulano de Tal', '5926Fulano de Tal da Silva Xav'));
    expect(parsePixCode(long).merchantName).toBe('Fulano de Tal da Silva Xav');
  });
});

describe('pixCode', () => {
  test("reproduces pix-utils' published example byte for byte", () => {
    expect(pixCode({ key: 'thalesog@me.com', description: 'Pedido 123', amountCents: 1000, merchantName: 'Thales Ogliari', merchantCity: 'SC', txid: null })).toBe(LIB_EXAMPLE);
  });

  test('reproduces the Banco Central example', () => {
    expect(pixCode({ key: '123e4567-e12b-12d1-a456-426655440000', amountCents: null, merchantName: 'Fulano de Tal', merchantCity: 'BRASILIA', txid: null })).toBe(BCB_EXAMPLE);
  });

  test('field layout and lengths', () => {
    const code = pixCode(base);
    expect(code.startsWith('000201')).toBe(true);
    expect(code).toContain('0014br.gov.bcb.pix0136ad8aeed5-7fce-4e4a-bb19-757cd10f82c7');
    expect(code).toContain('520400005303986540823456.78');
    expect(code).toContain('5802BR5911Sol de Casa6009SAO PAULO');
    expect(code).toContain('62100506INV123');
    expect(code).toMatch(/6304[0-9A-F]{4}$/);
    const p = parsePixCode(code);
    expect(p).toEqual({
      kind: 'static', key: base.key, url: null, amountCents: 2_345_678, merchantName: 'Sol de Casa', merchantCity: 'SAO PAULO', txid: 'INV123', description: null,
    });
    // a static code: no point of initiation; top-level fields 00 26 52 53 54 58 59 60 62 63 in that order
    expect(code).toBe(withCrc(field('00', '01') + field('26', field('00', 'br.gov.bcb.pix') + field('01', base.key)) + field('52', '0000')
      + field('53', '986') + field('54', '23456.78') + field('58', 'BR') + field('59', 'Sol de Casa') + field('60', 'SAO PAULO')
      + field('62', field('05', 'INV123')) + '6304'));
  });

  test('amounts: centavos written with two decimals; none or 0 leaves field 54 out', () => {
    const amountField = (code: string) => /5303986(54(\d\d)([\d.]+))?5802BR/.exec(code);
    expect(amountField(pixCode({ ...base, amountCents: 1 }))?.[3]).toBe('0.01');
    expect(amountField(pixCode({ ...base, amountCents: 100 }))?.[3]).toBe('1.00');
    expect(amountField(pixCode({ ...base, amountCents: 123_456 }))?.[3]).toBe('1234.56');
    expect(amountField(pixCode({ ...base, amountCents: null }))?.[1]).toBeUndefined();
    expect(amountField(pixCode({ ...base, amountCents: 0 }))?.[1]).toBeUndefined();
    expect(parsePixCode(pixCode({ ...base, amountCents: 0 })).amountCents).toBeNull();
    expect(() => pixCode({ ...base, amountCents: -1 })).toThrow(PixCodeError);
    expect(() => pixCode({ ...base, amountCents: 1.5 })).toThrow(PixCodeError);
    // 13 characters at most: 9999999999.99
    expect(amountField(pixCode({ ...base, amountCents: 999_999_999_999 }))?.[3]).toBe('9999999999.99');
    expect(parsePixCode(pixCode({ ...base, amountCents: 999_999_999_999 })).amountCents).toBe(999_999_999_999);
    expect(() => pixCode({ ...base, amountCents: 1_000_000_000_000 })).toThrow(/13/);
  });

  test('name (25) and city (15) are folded to ASCII and cut', () => {
    const p = parsePixCode(pixCode({ ...base, merchantName: '  Energia Solar São João & Cia. Ltda  ', merchantCity: 'São José dos Campos' }));
    expect(p.merchantName).toBe('Energia Solar Sao Joao &');
    expect(p.merchantName.length).toBeLessThanOrEqual(25);
    expect(p.merchantCity).toBe('Sao Jose dos Ca');
    expect(foldText('Açaí — Pão de Queijo ☀', 99)).toBe('Acai Pao de Queijo');
    expect(foldText('ÁÉÍÓÚ âêô ãõ ç ü', 99)).toBe('AEIOU aeo ao c u');
    expect(() => pixCode({ ...base, merchantName: '☀☀' })).toThrow(/name and city/);
  });

  test('txid: letters and digits, at most 25; none is ***', () => {
    expect(parsePixCode(pixCode({ ...base, txid: 'A'.repeat(25) })).txid).toBe('A'.repeat(25));
    const none = pixCode({ ...base, txid: null });
    expect(none).toContain(field('62', field('05', '***')));
    expect(parsePixCode(none).txid).toBeNull();
    expect(() => pixCode({ ...base, txid: 'A'.repeat(26) })).toThrow(PixCodeError);
    expect(() => pixCode({ ...base, txid: 'inv-123' })).toThrow(PixCodeError);
    expect(() => pixCode({ ...base, txid: '' })).toThrow(PixCodeError);
  });

  test('key: 1 to 77 printable characters, a key the DICT knows the form of', () => {
    expect(parsePixCode(pixCode({ ...base, key: '+5511987654321' })).key).toBe('+5511987654321');
    expect(() => pixCode({ ...base, key: '' })).toThrow(PixCodeError);
    expect(() => pixCode({ ...base, key: `${'a'.repeat(70)}@ex.com.br` })).toThrow(PixCodeError);
    expect(() => pixCode({ ...base, key: 'chave com espaço' })).toThrow(PixCodeError);
    expect(() => pixCode({ ...base, key: 'not-a-key' })).toThrow(PixCodeError);
  });

  test('property: every code made parses back to what was asked', () => {
    fc.assert(fc.property(
      fc.integer({ min: 0, max: 9_999_999_999 }), fc.string({ minLength: 1, maxLength: 40 }), fc.stringMatching(/^[A-Za-z0-9]{1,25}$/),
      (amountCents, name, txid) => {
        const merchantName = `Sol ${name}`;
        const p = parsePixCode(pixCode({ ...base, amountCents, merchantName, txid }));
        expect(p.amountCents).toBe(amountCents === 0 ? null : amountCents);
        expect(p.merchantName).toBe(foldText(merchantName, 25));
        expect(p.txid).toBe(txid);
      },
    ));
  });
});
