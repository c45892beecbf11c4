import { generateBoleto, generatePixPayload } from '@brazilian-utils/brazilian-utils';
import { describe, expect, test } from 'vitest';
import { PaymentProviderError, type InvoiceRequest } from '../../../../src/server/providers/payments/index';
import {
  iuguInvoiceBody, iuguInvoices, iuguWebhookAuthorized, mapIuguInvoiceStatus, parseIuguInvoiceWebhook, splitPhone,
} from '../../../../src/server/providers/payments/iuguInvoices';
import { formatDigitableLine } from '../../../../src/server/providers/payments/boleto';
import { pixCode } from '../../../../src/server/providers/payments/pix';

/** Iugu's invoices against a fake fetch: the requests sent, how answers and webhooks are read. */

type Answer = { status?: number; body: unknown } | 'hang' | Error;

function fakeIugu(...answers: Answer[]) {
  const calls: { url: string; method: string; headers: Headers; body: unknown }[] = [];
  const fetch = async (url: string, init: RequestInit): Promise<Response> => {
    calls.push({ url, method: String(init.method), headers: new Headers(init.headers), body: init.body ? JSON.parse(String(init.body)) : undefined });
    const answer = answers.shift() ?? { body: {} };
    if (answer === 'hang') {
      // like a real fetch: only the abort signal ends it
      return new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    }
    if (answer instanceof Error) throw answer;
    return new Response(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body), { status: answer.status ?? 200 });
  };
  return { calls, fetch };
}

const iugu = (fake: ReturnType<typeof fakeIugu>, timeoutMs?: number) => iuguInvoices({ apiToken: 'tok123', fetch: fake.fetch, ...(timeoutMs ? { timeoutMs } : {}) });

const request: InvoiceRequest = {
  reference: '0b6f9a0e-3c1d-4a55-8e3b-6b0b2f1d9c77',
  amountCents: 2_345_678,
  dueDate: '2026-05-20',
  payer: {
    name: 'Maria da Conceição', cpfCnpj: '123.456.789-09', email: 'maria@example.com', phone: '5511987654321',
    address: { street: 'Rua das Flores', number: '100', complement: 'ap 12', neighborhood: 'Centro', city: 'São Paulo', state: 'SP', cep: '01001-000' },
  },
  description: 'Sistema fotovoltaico 4,5 kWp',
};

/** Iugu's own boleto (bank 401) from its changelog of 07/10/2024, and a Pix code. */
const LINE = '40192024257800000000600002057180198590000000500';
const BARCODE = '40191985900000005002024278000000000000205718';
const PIX = pixCode({ key: 'pix@iugu.example', amountCents: 500, merchantName: 'IUGU', merchantCity: 'SAO PAULO', txid: null });

const created = {
  id: '5326E420DE33462596F46D1ECB2A7F93', status: 'pending', due_date: '2026-05-20', total_cents: 2_345_678,
  secure_url: 'https://faturas.iugu.com/5326e420-de33-4625-96f4-6d1ecb2a7f93-2a4c',
  bank_slip: { digitable_line: LINE, barcode_data: BARCODE, barcode: 'https://faturas.iugu.com/barcode.png' },
  pix: { qrcode: 'https://faturas.iugu.com/qr.png', qrcode_text: PIX, status: 'qr_code_created' },
};

describe('issue', () => {
  test('POST /v1/invoices with the documented body, Basic auth with the API token', async () => {
    const fake = fakeIugu({ body: created });
    const issued = await iugu(fake).issue(request);
    expect(issued).toEqual({
      providerRef: created.id, secureUrl: created.secure_url, status: 'PENDING', digitableLine: LINE, barcode: BARCODE, pixCode: PIX,
    });
    expect(fake.calls).toHaveLength(1);
    const [call] = fake.calls;
    expect(call?.url).toBe('https://api.iugu.com/v1/invoices');
    expect(call?.method).toBe('POST');
    expect(call?.headers.get('Authorization')).toBe(`Basic ${Buffer.from('tok123:').toString('base64')}`);
    expect(call?.headers.get('Content-Type')).toBe('application/json');
    expect(call?.body).toEqual({
      email: 'maria@example.com',
      due_date: '2026-05-20',
      ensure_workday_due_date: true,
      items: [{ description: 'Sistema fotovoltaico 4,5 kWp', quantity: 1, price_cents: 2_345_678 }],
      payable_with: ['bank_slip', 'pix'],
      custom_variables: [{ name: 'reference', value: request.reference }],
      payer: {
        cpf_cnpj: '12345678909', name: 'Maria da Conceição', email: 'maria@example.com', phone_prefix: '11', phone: '987654321',
        address: { zip_code: '01001000', street: 'Rua das Flores', number: '100', district: 'Centro', city: 'São Paulo', state: 'SP', complement: 'ap 12', country: 'Brasil' },
      },
    });
  });

  test('what we do not know is left out of the payer', () => {
    const body = iuguInvoiceBody({ ...request, payer: { ...request.payer, cpfCnpj: null, address: null, phone: '123' } });
    expect(body.payer).toEqual({ name: 'Maria da Conceição', email: 'maria@example.com' });
    const noComplement = iuguInvoiceBody({ ...request, payer: { ...request.payer, address: { ...request.payer.address!, complement: null } } });
    expect((noComplement.payer as { address: Record<string, string> }).address).not.toHaveProperty('complement');
  });

  test('phones: country code optional, area code split off', () => {
    expect(splitPhone('5511987654321')).toEqual({ phone_prefix: '11', phone: '987654321' });
    expect(splitPhone('+55 (21) 3456-7890')).toEqual({ phone_prefix: '21', phone: '34567890' });
    expect(splitPhone('11987654321')).toEqual({ phone_prefix: '11', phone: '987654321' });
    expect(splitPhone('987654321')).toBeNull();
  });

  test('a formatted line is kept as digits; codes that do not check out are returned null', async () => {
    const formatted = { ...created, bank_slip: { digitable_line: formatDigitableLine(LINE), barcode_data: BARCODE } };
    expect((await iugu(fakeIugu({ body: formatted })).issue(request)).digitableLine).toBe(LINE);
    const broken = { ...created, bank_slip: { digitable_line: LINE.replace(/0$/, '1'), barcode_data: '123' }, pix: { qrcode_text: `${PIX.slice(0, -4)}0000` } };
    expect(await iugu(fakeIugu({ body: broken })).issue(request)).toMatchObject({ digitableLine: null, barcode: null, pixCode: null });
    const none = { id: 'INV1', secure_url: 'https://faturas.iugu.com/x', status: 'pending', bank_slip: null, pix: null };
    expect(await iugu(fakeIugu({ body: none })).issue(request)).toMatchObject({ digitableLine: null, barcode: null, pixCode: null });
  });

  test("a dynamic Pix (a PSP's location, point of initiation 12, no amount) is kept for the customer, as a static one is", async () => {
    const dynamic = generatePixPayload({ url: 'pix.example/qr/v2/cobv/9d36b84fc70b478fb95c12729b90ca25', merchantName: 'IUGU INSTITUICAO DE PAGAMENTO', merchantCity: 'SAO PAULO' });
    expect(dynamic).toMatch(/^000201010212/);
    const issued = await iugu(fakeIugu({ body: { ...created, pix: { qrcode_text: ` ${dynamic}\n` } } })).issue(request);
    expect(issued.pixCode).toBe(dynamic);
  });

  test('malformed Pix codes are dropped: a wrong CRC, another GUI, a location and no GUI', async () => {
    const dynamic = generatePixPayload({ url: 'pix.example/qr/v2/cobv/9d36b84fc70b478fb95c12729b90ca25', merchantName: 'IUGU', merchantCity: 'SAO PAULO' }) ?? '';
    const badCrc = `${dynamic.slice(0, -4)}${dynamic.endsWith('0000') ? '0001' : '0000'}`;
    // another GUI, the CRC made right again by the library's own writer is not possible, so by hand: CRC16-CCITT-FALSE
    const crc = (body: string) => {
      let c = 0xffff;
      for (const ch of body) {
        c ^= ch.charCodeAt(0) << 8;
        for (let b = 0; b < 8; b++) c = c & 0x8000 ? ((c << 1) ^ 0x1021) & 0xffff : (c << 1) & 0xffff;
      }
      return c.toString(16).toUpperCase().padStart(4, '0');
    };
    const otherGuiBody = dynamic.slice(0, -4).replace('br.gov.bcb.pix', 'br.gov.bcb.pax');
    for (const code of [badCrc, otherGuiBody + crc(otherGuiBody), 'pix.example/qr/v2/cobv/9d36b84f']) {
      expect((await iugu(fakeIugu({ body: { ...created, pix: { qrcode_text: code } } })).issue(request)).pixCode).toBeNull();
    }
  });

  test("digitable lines are checked by the field's library: every check digit", async () => {
    for (let i = 0; i < 20; i++) {
      const line = generateBoleto();
      expect((await iugu(fakeIugu({ body: { ...created, bank_slip: { digitable_line: formatDigitableLine(line) } } })).issue(request)).digitableLine).toBe(line);
      // one digit changed in field 1, 2 or 3 (caught by their modulo 10 digits), or the general (modulo 11) digit itself
      for (const at of [2, 12, 24, 32]) {
        const wrong = line.slice(0, at) + String((Number(line[at]) + 1) % 10) + line.slice(at + 1);
        expect((await iugu(fakeIugu({ body: { ...created, bank_slip: { digitable_line: wrong } } })).issue(request)).digitableLine).toBeNull();
      }
    }
  });

  test('refusals, odd answers, network failures and timeouts reject with PaymentProviderError', async () => {
    const refused = iugu(fakeIugu({ status: 422, body: { errors: { due_date: ['não pode ser no passado'] } } })).issue(request);
    await expect(refused).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(iugu(fakeIugu({ status: 422, body: { errors: { due_date: ['não pode ser no passado'] } } })).issue(request))
      .rejects.toMatchObject({ status: 422, message: expect.stringContaining('due_date: não pode ser no passado') });
    await expect(iugu(fakeIugu({ status: 401, body: { errors: 'Unauthorized' } })).issue(request)).rejects.toMatchObject({ status: 401 });
    await expect(iugu(fakeIugu({ status: 502, body: '<html>bad gateway</html>' })).issue(request)).rejects.toThrow(/502/);
    // errors with a 200
    await expect(iugu(fakeIugu({ body: { errors: 'payer.cpf_cnpj inválido' } })).issue(request)).rejects.toBeInstanceOf(PaymentProviderError);
    // no id or page
    await expect(iugu(fakeIugu({ body: { status: 'pending' } })).issue(request)).rejects.toThrow(/without id/);
    // a status we do not know
    await expect(iugu(fakeIugu({ body: { ...created, status: 'mystery' } })).issue(request)).rejects.toThrow(/unknown invoice status/);
    await expect(iugu(fakeIugu(new TypeError('fetch failed'))).issue(request)).rejects.toThrow(/did not answer.*fetch failed/);
    const slow = iugu(fakeIugu('hang'), 30).issue(request);
    await expect(slow).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(iugu(fakeIugu('hang'), 30).issue(request)).rejects.toThrow(/no answer in 30 ms/);
  });

  test('a request we would not send is a programming error, not a provider one', async () => {
    const fake = fakeIugu();
    await expect(iugu(fake).issue({ ...request, amountCents: 0 })).rejects.toThrow(/positive integer/);
    await expect(iugu(fake).issue({ ...request, dueDate: '20/05/2026' })).rejects.toThrow(/yyyy-mm-dd/);
    expect(fake.calls).toHaveLength(0);
  });
});

describe('state and cancel', () => {
  test('state: GET /v1/invoices/{id}, its status and paid_at', async () => {
    const fake = fakeIugu(
      { body: { id: 'INV77', status: 'paid', paid_at: '2026-05-18T10:32:11-03:00' } },
      { body: { id: 'INV78', status: 'pending', paid_at: null } },
      { body: { id: 'INV79', status: 'expired' } },
    );
    const p = iuguInvoices({ apiToken: 't', baseUrl: 'https://sandbox.example/', fetch: fake.fetch });
    expect(await p.state('INV77')).toEqual({ status: 'PAID', paidAt: new Date('2026-05-18T13:32:11Z') });
    expect(await p.state('INV78')).toEqual({ status: 'PENDING', paidAt: null });
    expect(await p.state('INV79')).toEqual({ status: 'EXPIRED', paidAt: null });
    expect(fake.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET https://sandbox.example/v1/invoices/INV77', 'GET https://sandbox.example/v1/invoices/INV78', 'GET https://sandbox.example/v1/invoices/INV79',
    ]);
    expect(fake.calls[0]?.body).toBeUndefined();
  });

  test('state: an unknown invoice or status rejects', async () => {
    await expect(iugu(fakeIugu({ status: 404, body: { errors: 'Not Found' } })).state('NOPE')).rejects.toMatchObject({ status: 404 });
    await expect(iugu(fakeIugu({ body: { id: 'X', status: 'weird' } })).state('X')).rejects.toBeInstanceOf(PaymentProviderError);
  });

  test('cancel: PUT /v1/invoices/{id}/cancel; a refusal rejects', async () => {
    const fake = fakeIugu({ body: { id: 'INV77', status: 'canceled' } }, { status: 422, body: { errors: 'Fatura não pode ser cancelada' } });
    await iugu(fake).cancel('INV77');
    await expect(iugu(fake).cancel('INV/78')).rejects.toThrow(/cancel invoice INV\/78 \(422\): Fatura não pode ser cancelada/);
    expect(fake.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'PUT https://api.iugu.com/v1/invoices/INV77/cancel', 'PUT https://api.iugu.com/v1/invoices/INV%2F78/cancel',
    ]);
  });
});

describe('statuses', () => {
  test("every documented Iugu status maps to one of ours", () => {
    expect(Object.fromEntries(
      ['pending', 'draft', 'in_analysis', 'authorized', 'partially_paid', 'paid', 'externally_paid', 'in_protest', 'canceled', 'refunded', 'chargeback', 'expired']
        .map((s) => [s, mapIuguInvoiceStatus(s)]),
    )).toEqual({
      pending: 'PENDING', draft: 'PENDING', in_analysis: 'PENDING', authorized: 'PENDING', partially_paid: 'PENDING',
      paid: 'PAID', externally_paid: 'PAID', in_protest: 'PAID',
      canceled: 'CANCELED', refunded: 'CANCELED', chargeback: 'CANCELED', expired: 'EXPIRED',
    });
    expect(mapIuguInvoiceStatus('PAID')).toBe('PAID');
    expect(mapIuguInvoiceStatus('unknown')).toBeNull();
    expect(mapIuguInvoiceStatus(undefined)).toBeNull();
    expect(mapIuguInvoiceStatus('constructor')).toBeNull();
  });
});

describe('webhooks', () => {
  test('invoice.status_changed, form-encoded', () => {
    const body = 'event=invoice.status_changed&data%5Bid%5D=5326E420DE33462596F46D1ECB2A7F93&data%5Bstatus%5D=paid&data%5Baccount_id%5D=ACC&data%5Bsubscription_id%5D=';
    expect(parseIuguInvoiceWebhook(body)).toEqual({ providerRef: '5326E420DE33462596F46D1ECB2A7F93', status: 'PAID', iuguStatus: 'paid' });
    // unencoded brackets too, and a URLSearchParams
    expect(parseIuguInvoiceWebhook('event=invoice.status_changed&data[id]=INV1&data[status]=expired')).toMatchObject({ providerRef: 'INV1', status: 'EXPIRED' });
    expect(parseIuguInvoiceWebhook(new URLSearchParams({ event: 'invoice.status_changed', 'data[id]': 'INV2', 'data[status]': 'canceled' })))
      .toMatchObject({ providerRef: 'INV2', status: 'CANCELED' });
  });

  test('other events, unknown statuses and bodies without an id are nothing to act on', () => {
    expect(parseIuguInvoiceWebhook('event=invoice.created&data[id]=INV1&data[status]=pending')).toBeNull();
    expect(parseIuguInvoiceWebhook('event=invoice.status_changed&data[id]=INV1&data[status]=mystery')).toBeNull();
    expect(parseIuguInvoiceWebhook('event=invoice.status_changed&data[status]=paid')).toBeNull();
    expect(parseIuguInvoiceWebhook('')).toBeNull();
  });

  test('the Authorization header must carry the configured token', () => {
    expect(iuguWebhookAuthorized('s3cr3t-token', 's3cr3t-token')).toBe(true);
    expect(iuguWebhookAuthorized(' s3cr3t-token ', 's3cr3t-token')).toBe(true);
    expect(iuguWebhookAuthorized('s3cr3t-tokem', 's3cr3t-token')).toBe(false);
    expect(iuguWebhookAuthorized('s3cr3t', 's3cr3t-token')).toBe(false);
    expect(iuguWebhookAuthorized(null, 's3cr3t-token')).toBe(false);
    expect(iuguWebhookAuthorized('', '')).toBe(false);
  });
});
