import { describe, expect, test } from 'vitest';
import { BRAND_NAME } from '../../../../src/shared/brand';
import { dueDateFromFactor, formatDigitableLine, parseDigitableLine } from '../../../../src/server/providers/payments/boleto';
import { PaymentProviderError, invoicesFromEnv, type InvoiceRequest } from '../../../../src/server/providers/payments/index';
import { InvoicePdfError } from '../../../../src/server/providers/payments/invoicePdf';
import {
  SANDBOX_BANK_CODE, SANDBOX_INVOICE_URL_PREFIX, SANDBOX_PIX_KEY, isSandboxInvoiceRef, localInvoices, sandboxFreeField, sandboxInvoicePdf, sandboxTxid,
} from '../../../../src/server/providers/payments/localInvoices';
import { parsePixCode } from '../../../../src/server/providers/payments/pix';
import { pdfText } from '../../../support/pdfText';

/** The offline invoice sandbox: well-formed boleto and Pix codes, unguessable ids, no state of its own. */

const NOW = new Date('2026-05-15T12:00:00Z');
const clock = { now: () => NOW };

const request: InvoiceRequest = {
  reference: '0b6f9a0e-3c1d-4a55-8e3b-6b0b2f1d9c77',
  amountCents: 2_345_678,
  dueDate: '2026-05-20',
  payer: {
    name: 'Maria da Conceição', cpfCnpj: '12345678909', email: 'maria@example.com', phone: '5511987654321',
    address: { street: 'Rua das Flores', number: '100', complement: null, neighborhood: 'Centro', city: 'São Paulo', state: 'SP', cep: '01001000' },
  },
  description: 'Sistema fotovoltaico 4,5 kWp',
};

describe('localInvoices.issue', () => {
  test('a pending invoice with an unguessable id that is also its page', async () => {
    const issued = await localInvoices({ clock }).issue(request);
    expect(issued.status).toBe('PENDING');
    expect(issued.providerRef).toMatch(/^sbx_[A-Za-z0-9_-]{32}$/);
    // 32 base64url characters: 192 random bits
    expect(Buffer.from(issued.providerRef.slice(4), 'base64url')).toHaveLength(24);
    expect(isSandboxInvoiceRef(issued.providerRef)).toBe(true);
    expect(issued.secureUrl).toBe(`${SANDBOX_INVOICE_URL_PREFIX}${issued.providerRef}`);
    expect(issued.secureUrl.startsWith('/api/v1/payments-sandbox/invoices/sbx_')).toBe(true);
    const again = await localInvoices({ clock }).issue(request);
    expect(again.providerRef).not.toBe(issued.providerRef);
  });

  test('a well-formed boleto of bank 000 for the amount and due date, its free field from our reference', async () => {
    const issued = await localInvoices({ clock }).issue(request);
    const line = parseDigitableLine(issued.digitableLine ?? '');
    expect(line.bankCode).toBe(SANDBOX_BANK_CODE);
    expect(line.amountCents).toBe(2_345_678);
    expect(dueDateFromFactor(line.dueDateFactor, '2026-05-15')).toBe('2026-05-20');
    expect(line.freeField).toBe(sandboxFreeField(request.reference));
    expect(issued.barcode).toBe(line.barcode);
    // the same reference gives the same line; another, another
    expect((await localInvoices({ clock }).issue(request)).digitableLine).toBe(issued.digitableLine);
    expect((await localInvoices({ clock }).issue({ ...request, reference: 'another' })).digitableLine).not.toBe(issued.digitableLine);
    // with APP_SECRET the free field is keyed
    const keyed = await localInvoices({ clock, secret: 'x'.repeat(64) }).issue(request);
    expect(parseDigitableLine(keyed.digitableLine ?? '').freeField).toBe(sandboxFreeField(request.reference, 'x'.repeat(64)));
    expect(keyed.digitableLine).not.toBe(issued.digitableLine);
  });

  test('a Pix code for the amount to the fictitious key, txid from our reference', async () => {
    const issued = await localInvoices({ clock }).issue(request);
    const pix = parsePixCode(issued.pixCode ?? '');
    expect(pix).toMatchObject({ key: SANDBOX_PIX_KEY, amountCents: 2_345_678, merchantName: BRAND_NAME, merchantCity: 'SAO PAULO', txid: sandboxTxid(request.reference) });
    const custom = await localInvoices({ clock, pixKey: 'pix@example.com' }).issue(request);
    expect(parsePixCode(custom.pixCode ?? '').key).toBe('pix@example.com');
  });

  test('txid: the reference when it fits, else 25 hex digits of its hash', () => {
    expect(sandboxTxid('INV123')).toBe('INV123');
    expect(sandboxTxid(request.reference)).toMatch(/^[0-9A-F]{25}$/);
    expect(sandboxTxid(request.reference)).toBe(sandboxTxid(request.reference));
    expect(sandboxTxid('inv-1')).not.toBe(sandboxTxid('inv-2'));
  });

  test('free field: 25 digits', () => {
    expect(sandboxFreeField('a')).toMatch(/^\d{25}$/);
    expect(sandboxFreeField('a')).not.toBe(sandboxFreeField('b'));
  });

  test("due dates: today on Brazil's calendar is fine, a past day or a bad date is refused", async () => {
    // 01:00 UTC on the 15th is still the 14th in Brazil
    const early = localInvoices({ clock: { now: () => new Date('2026-05-15T01:00:00Z') } });
    await expect(early.issue({ ...request, dueDate: '2026-05-14' })).resolves.toMatchObject({ status: 'PENDING' });
    await expect(early.issue({ ...request, dueDate: '2026-05-13' })).rejects.toBeInstanceOf(PaymentProviderError);
    const sandbox = localInvoices({ clock });
    await expect(sandbox.issue({ ...request, dueDate: '2026-05-14' })).rejects.toMatchObject({ status: 422 });
    await expect(sandbox.issue({ ...request, dueDate: '2026-02-30' })).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(sandbox.issue({ ...request, dueDate: '20/05/2026' })).rejects.toBeInstanceOf(PaymentProviderError);
  });

  test('amounts: a positive integer that fits a boleto', async () => {
    const sandbox = localInvoices({ clock });
    await expect(sandbox.issue({ ...request, amountCents: 0 })).rejects.toThrow(/positive integer/);
    await expect(sandbox.issue({ ...request, amountCents: 10.5 })).rejects.toThrow(/positive integer/);
    await expect(sandbox.issue({ ...request, amountCents: 10_000_000_000 })).rejects.toBeInstanceOf(PaymentProviderError);
  });
});

describe('localInvoices.state and cancel', () => {
  test('the sandbox keeps no state: state throws, cancel accepts only its own ids', async () => {
    const sandbox = localInvoices({ clock });
    const { providerRef } = await sandbox.issue(request);
    await expect(sandbox.state(providerRef)).rejects.toThrow(/keeps no state/);
    await expect(sandbox.cancel(providerRef)).resolves.toBeUndefined();
    await expect(sandbox.cancel('INV77')).rejects.toThrow(/not a sandbox invoice/);
    await expect(sandbox.state('sbx_short')).rejects.toThrow(/not a sandbox invoice/);
  });

  test('isSandboxInvoiceRef', () => {
    expect(isSandboxInvoiceRef(`sbx_${'A'.repeat(32)}`)).toBe(true);
    expect(isSandboxInvoiceRef(`sbx_${'A'.repeat(31)}`)).toBe(false);
    expect(isSandboxInvoiceRef(`sbx_${'A'.repeat(31)}/`)).toBe(false);
    expect(isSandboxInvoiceRef('../etc/passwd')).toBe(false);
  });
});

describe('sandboxInvoicePdf', () => {
  test('renders what was stored', async () => {
    const issued = await localInvoices({ clock }).issue(request);
    const row = {
      reference: request.reference, amountCents: request.amountCents, dueDate: request.dueDate, payerName: request.payer.name,
      description: request.description, digitableLine: issued.digitableLine ?? '', barcode: issued.barcode ?? '', pixCode: issued.pixCode, issuedAt: NOW,
    };
    const { text } = await pdfText(await sandboxInvoicePdf(row));
    expect(text).toContain(formatDigitableLine(row.digitableLine));
    expect(text).toContain('R$ 23.456,78');
    expect(text).toContain('20/05/2026');
    expect(text.replace(/\s+/g, '')).toContain((issued.pixCode ?? '').replace(/\s+/g, ''));

    // a row that is not one boleto is refused
    await expect(sandboxInvoicePdf({ ...row, amountCents: 1 })).rejects.toThrow(InvoicePdfError);
    await expect(sandboxInvoicePdf({ ...row, dueDate: '2026-05-21' })).rejects.toThrow(/due date/);
    await expect(sandboxInvoicePdf({ ...row, digitableLine: row.digitableLine.replace(/^(\d{9})\d/, '$10') })).rejects.toThrow(InvoicePdfError);
    await expect(sandboxInvoicePdf({ ...row, pixCode: 'not a code' })).rejects.toThrow(InvoicePdfError);
    // no Pix stored: no Pix part
    await expect(sandboxInvoicePdf({ ...row, pixCode: null })).resolves.toBeInstanceOf(Uint8Array);
  });
});

describe('invoicesFromEnv', () => {
  test('local by default, iugu with its token, anything else refused', async () => {
    expect(invoicesFromEnv({}, { clock }).name).toBe('local');
    expect(invoicesFromEnv({ PAYMENT_PROVIDER: 'local' }, { clock, secret: 's' }).name).toBe('local');
    expect(() => invoicesFromEnv({ PAYMENT_PROVIDER: 'iugu' }, { clock })).toThrow(/IUGU_API_TOKEN/);
    expect(() => invoicesFromEnv({ PAYMENT_PROVIDER: 'iugo' }, { clock })).toThrow(/'iugo'/);
    const calls: string[] = [];
    const fetch = async (url: string) => {
      calls.push(url);
      return new Response(JSON.stringify({ id: 'INV1', status: 'pending' }));
    };
    const iugu = invoicesFromEnv({ PAYMENT_PROVIDER: 'iugu', IUGU_API_TOKEN: 't', IUGU_BASE_URL: 'https://sandbox.example' }, { clock, fetch });
    expect(iugu.name).toBe('iugu');
    await iugu.state('INV1');
    expect(calls).toEqual(['https://sandbox.example/v1/invoices/INV1']);
  });
});
