import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createStaff } from '../../../src/server/staff/service';
import { createTestServer, type TestServer } from '../../support/server';
import {
  call, customerAtCheckout, customerAtContracts, lastCode, newAddress, saveHolderData, sendRequiredDocuments, TEST_CPF,
} from '../../support/flows';
import { oneSpace, pdfText } from '../../support/pdfText';

let s: TestServer;
let staffToken: string;
beforeAll(async () => {
  s = await createTestServer();
  staffToken = (await createStaff(s.db, s.clock, 'Nina', `nina.contracts.${process.pid}@empresa.com.br`)).token;
});
afterAll(async () => { await s.close(); });

const SECRET = 'signing-page-secret-0123456789abcdef';
const ORIGIN = 'http://portal.test'; // the test server's own origin
const steps = async (token: string) => (await call(s, 'GET', '/portal/customers', undefined, { token })).body.steps as { type: string; status: string }[];
const current = async (token: string) => {
  const list = await steps(token);
  return list.find((x) => x.status !== 'APPROVED')?.type ?? list[list.length - 1]?.type;
};

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await s.fetch(path, {
    method: 'POST', body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': newAddress(), 'User-Agent': 'Mozilla/5.0 (test) Chromium', ...headers },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The signing page's two calls: a code to the verified phone, then the signature with it. */
async function signWithPage(key: string, phone: string, secret = SECRET) {
  const sent = await post(`/sign/${key}/code`, { secret });
  expect(sent.status).toBe(202);
  return post(`/sign/${key}`, { secret, code: await lastCode(s, phone), consent: true });
}

describe('the holder form (PATCH /portal/customers/bills/owners)', () => {
  test("the bill's holder sends birth date, occupation and marital status; a bad date or status is refused with the form's message", async () => {
    const c = await customerAtCheckout(s, { paid: true });
    const ok = await call(s, 'PATCH', '/portal/customers/bills/owners', { date_of_birth: '12-31-1990', occupation: 'Professora', marital_status: 'uniao estavel' }, { token: c.token });
    expect(ok.status).toBe(200);
    expect(ok.body.owner).toMatchObject({ date_of_birth: '12-31-1990', occupation: 'Professora', marital_status: 'uniao estavel' });
    // 29 February of a year that has none
    const leap = await call(s, 'PATCH', '/portal/customers/bills/owners', { date_of_birth: '02-29-2023', occupation: 'Professora', marital_status: 'casado' }, { token: c.token });
    expect(leap.status).toBe(400);
    expect(leap.body.message).toBe('Informe uma data de nascimento válida (dd/mm/aaaa).');
    const marital = await call(s, 'PATCH', '/portal/customers/bills/owners', { date_of_birth: '12-31-1990', occupation: 'Professora', marital_status: 'noivo' }, { token: c.token });
    expect(marital.status).toBe(400);
    expect(marital.body.message).toBe('Escolha o estado civil.');
  });

  test("a company's representative must come with name, CPF (valid), e-mail and phone", async () => {
    const c = await customerAtCheckout(s, { kind: 'business', paid: true });
    const bare = await call(s, 'PATCH', '/portal/customers/bills/owners', { date_of_birth: '12-31-1990', occupation: 'Gerente', marital_status: 'casado' }, { token: c.token });
    expect(bare.status).toBe(400);
    expect(bare.body.field).toBe('name');
    const badCpf = await call(s, 'PATCH', '/portal/customers/bills/owners', {
      name: 'Maria Representante', document_value: '11111111111', email: 'rep@empresa.com.br', phone: '11987654321', date_of_birth: '12-31-1990', occupation: 'Gerente', marital_status: 'casado',
    }, { token: c.token });
    expect(badCpf.status).toBe(400);
    expect(badCpf.body).toMatchObject({ code: 1017, field: 'document_value', message: 'CPF inválido.' });
    // an individual cannot name a legal representative
    const person = await customerAtCheckout(s, { paid: true });
    expect((await call(s, 'POST', '/portal/customers/legitimates', { name: 'Maria Representante', document_value: TEST_CPF, email: 'a@b.com.br', phone: '11987654321' }, { token: person.token })).status).toBe(409);
  });
});

describe('POST /portal/customers/create_contracts', () => {
  test('refused before the documents and without the holder data; then the two contracts, the process at CONTRACT, and asking again returns them', async () => {
    const c = await customerAtCheckout(s, { paid: true });
    const body = { date_of_birth: '02-29-1984', occupation: 'Engenheira', marital_status: 'casado' };
    const early = await call(s, 'POST', '/portal/customers/create_contracts', body, { token: c.token });
    expect(early.status).toBe(409);
    expect(early.body.field).toBe('documents');
    await sendRequiredDocuments(s, c);
    expect((await call(s, 'POST', '/portal/customers/create_contracts', body, { token: c.token })).status).toBe(400);
    await saveHolderData(s, c);
    const made = await call(s, 'POST', '/portal/customers/create_contracts', body, { token: c.token });
    expect(made.status).toBe(201);
    const list = made.body.contracts as { id: string; type: string; name: string; key: string; url: string; is_client_signed: boolean }[];
    expect(list.map((x) => [x.type, x.name, x.is_client_signed])).toEqual([['ADHESION_TERM', 'Termo de Adesão', false], ['POWER_OF_ATTORNEY', 'Procuração Técnica', false]]);
    expect(list[0]!.url).toBe(`/sign/${list[0]!.key}?embedded=true&origin=${encodeURIComponent(ORIGIN)}`);
    expect(await current(c.token)).toBe('CONTRACT');
    const again = await call(s, 'POST', '/portal/customers/create_contracts', body, { token: c.token });
    expect(again.status).toBe(201);
    expect((again.body.contracts as { id: string }[]).map((x) => x.id)).toEqual(list.map((x) => x.id));
    // the holder data is now fixed: the contracts print it
    expect((await call(s, 'PATCH', '/portal/customers/bills/owners', body, { token: c.token })).status).toBe(409);

    // the adhesion term prints the customer's data and the plan; the PDF is the owner's only
    const file = await s.fetch(`/api/v1/portal/customers/contracts/${list[0]!.id}/file`, { headers: { Authorization: `Bearer ${c.token}` } });
    expect(file.status).toBe(200);
    expect(file.headers.get('Content-Type')).toBe('application/pdf');
    const text = oneSpace((await pdfText(new Uint8Array(await file.arrayBuffer()))).text);
    expect(text).toContain('nascido(a) em 29/02/1984');
    expect(text).toContain('profissão Engenheira');
    expect(text).toContain('IGP-M');
    const other = await customerAtCheckout(s, { paid: true });
    expect((await s.fetch(`/api/v1/portal/customers/contracts/${list[0]!.id}/file`, { headers: { Authorization: `Bearer ${other.token}` } })).status).toBe(404);
    expect((await call(s, 'GET', `/portal/check_signers/${list[0]!.key}`, undefined, { token: other.token })).status).toBe(404);
  });

  test('a company needs its legal representative, who is printed and signs', async () => {
    const c = await customerAtCheckout(s, { kind: 'business', paid: true });
    await sendRequiredDocuments(s, c, 'business');
    const identity = { name: 'Maria Representante', document_value: TEST_CPF, email: 'rep@empresa.com.br', phone: '11987654321' };
    expect((await call(s, 'PATCH', '/portal/customers/bills/owners', { ...identity, date_of_birth: '01-15-1980', occupation: 'Gerente', marital_status: 'solteiro' }, { token: c.token })).status).toBe(200);
    const body = { date_of_birth: '01-15-1980', occupation: 'Gerente', marital_status: 'solteiro' };
    const missing = await call(s, 'POST', '/portal/customers/create_contracts', body, { token: c.token });
    expect(missing.status).toBe(409);
    expect(missing.body.field).toBe('legitimate');
    expect((await call(s, 'POST', '/portal/customers/legitimates', identity, { token: c.token })).status).toBe(201);
    const made = await call(s, 'POST', '/portal/customers/create_contracts', body, { token: c.token });
    expect(made.status).toBe(201);
    const id = (made.body.contracts as { id: string }[])[0]!.id;
    const file = await s.fetch(`/api/v1/portal/customers/contracts/${id}/file`, { headers: { Authorization: `Bearer ${c.token}` } });
    expect(oneSpace((await pdfText(new Uint8Array(await file.arrayBuffer()))).text)).toContain('representante legal Maria Representante, CPF nº 529.982.247-25');
  });
});

describe('the signing page (/sign/{key})', () => {
  test('opens embedded only for the portal origin, which alone may frame it; an unknown key is not found', async () => {
    const c = await customerAtContracts(s);
    const key = c.contracts[0]!.key;
    const page = await s.fetch(`/sign/${key}?embedded=true&origin=${encodeURIComponent(ORIGIN)}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('Content-Security-Policy')).toContain(`frame-ancestors ${ORIGIN}`);
    expect(page.headers.get('X-Frame-Options')).toBeNull();
    const html = await page.text();
    expect(html).toContain('Li e concordo com as Condições gerais.');
    expect(html).toContain('Termo de Adesão');
    expect(html).toContain('IGP-M'); // the document's own text, read from the PDF
    const foreign = await s.fetch(`/sign/${key}?embedded=true&origin=${encodeURIComponent('https://evil.example')}`);
    expect(foreign.status).toBe(403);
    expect(await foreign.text()).toContain('Esta página de assinatura só pode ser aberta pelo portal.');
    expect(foreign.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
    expect((await s.fetch('/sign/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    // the page's calls are small: a large body is refused before it is read
    expect((await post(`/sign/${key}/code`, { secret: SECRET, padding: 'x'.repeat(8 * 1024) })).status).toBe(413);
  });

  test('signs with a fresh SMS code to the verified phone; a wrong code, no consent or another page\'s code are refused; a replay answers the same signature', async () => {
    const c = await customerAtContracts(s);
    const key = c.contracts[0]!.key;
    expect((await post(`/sign/${key}/code`, { secret: SECRET })).status).toBe(202);
    const code = await lastCode(s, c.phone);
    expect((await post(`/sign/${key}`, { secret: SECRET, code, consent: false })).body.message).toBe('Marque que leu e concorda com as Condições gerais.');
    const wrong = await post(`/sign/${key}`, { secret: SECRET, code: code === '000000' ? '111111' : '000000', consent: true });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe(3000);
    // the code belongs to the page that asked for it
    expect((await post(`/sign/${key}`, { secret: 'another-page-secret-0123456789abcd', code, consent: true })).status).toBe(400);
    expect((await call(s, 'GET', `/portal/check_signers/${key}`, undefined, { token: c.token })).body).toEqual({ is_sign: false });

    const signed = await post(`/sign/${key}`, { secret: SECRET, code, consent: true });
    expect(signed.status).toBe(201);
    expect((await call(s, 'GET', `/portal/check_signers/${key}`, undefined, { token: c.token })).body).toEqual({ is_sign: true });
    const replay = await post(`/sign/${key}`, { secret: SECRET, code, consent: true });
    expect(replay.status).toBe(200);
    expect(replay.body.signed_sha256).toBe(signed.body.signed_sha256);
    // nothing more to send a code for
    expect((await post(`/sign/${key}/code`, { secret: 'fresh-secret-0123456789abcdefghij' })).status).toBe(409);
  });

  test("another customer's key sends its code to that customer's phone only: a stranger cannot sign it", async () => {
    const victim = await customerAtContracts(s);
    const stranger = await customerAtContracts(s);
    const key = victim.contracts[0]!.key;
    expect((await post(`/sign/${key}/code`, { secret: SECRET })).status).toBe(202);
    expect((await s.readOutbox(stranger.phone)).some((m) => m.body.includes('código'))).toBe(true); // only the sign-in codes of their own
    const strangerCode = await lastCode(s, stranger.phone);
    expect((await post(`/sign/${key}`, { secret: SECRET, code: strangerCode, consent: true })).status).toBe(400);
    expect((await call(s, 'GET', `/portal/check_signers/${key}`, undefined, { token: victim.token })).body).toEqual({ is_sign: false });
  });

  test('the signed PDF carries the evidence page, renders, and verifies; a changed byte fails; the process follows the signatures and the terms of use', async () => {
    const c = await customerAtContracts(s);
    const adhesion = c.contracts[0]!;
    const procuration = c.contracts[1]!;
    // the power of attorney waits for the adhesion term in the page, not on the server: both are the customer's to sign
    expect((await signWithPage(adhesion.key, c.phone)).status).toBe(201);
    const file = await s.fetch(`/api/v1/portal/customers/contracts/${adhesion.id}/file`, { headers: { Authorization: `Bearer ${c.token}` } });
    const bytes = new Uint8Array(await file.arrayBuffer());
    const text = oneSpace((await pdfText(bytes)).text);
    expect(text).toContain('Li e concordo com as Condições gerais.');
    expect(text).toContain('Mozilla/5.0 (test) Chromium');
    const evidence = text.slice(text.indexOf('Página de assinaturas'));
    expect(evidence).toContain(`*****-${c.phone.slice(-4)}`);
    expect(evidence).not.toContain(c.phone.slice(4, 9)); // the phone is masked on the evidence page

    const dir = mkdtempSync(join(tmpdir(), 'signed-'));
    writeFileSync(join(dir, 'signed.pdf'), bytes);
    execFileSync('pdftoppm', ['-r', '30', '-png', join(dir, 'signed.pdf'), join(dir, 'page')]);
    expect(readdirSync(dir).filter((f) => f.endsWith('.png')).length).toBeGreaterThanOrEqual(2);

    const verify = async (b: Uint8Array) => {
      const form = new FormData();
      form.append('file', new Blob([Buffer.from(b)]), 'contrato.pdf');
      const res = await s.fetch('/api/v1/portal/signatures/verify', { method: 'POST', body: form, headers: { 'X-Forwarded-For': newAddress() } });
      return (await res.json()) as { valid: boolean; contract: { id: string } | null; original_sha256: string | null };
    };
    const good = await verify(bytes);
    expect(good.valid).toBe(true);
    expect(good.contract?.id).toBe(adhesion.id);
    expect(good.original_sha256).toMatch(/^[0-9a-f]{64}$/);
    const changed = new Uint8Array(bytes);
    const middle = Math.floor(changed.length / 2);
    changed[middle] = changed[middle]! ^ 1;
    expect((await verify(changed)).valid).toBe(false);

    expect(await current(c.token)).toBe('CONTRACT');
    expect((await signWithPage(procuration.key, c.phone, 'second-page-secret-0123456789abcdef')).status).toBe(201);
    expect(await current(c.token)).toBe('CONTRACT'); // the terms of use are still open
    expect((await call(s, 'PUT', `/portal/customers/contracts/${procuration.id}/terms-of-use`, { accepted: true }, { token: c.token })).status).toBe(404);
    const accepted = await call(s, 'PUT', `/portal/customers/contracts/${adhesion.id}/terms-of-use`, { accepted: true }, { token: c.token });
    expect(accepted.status).toBe(200);
    expect((accepted.body.terms_of_use as { accepted_at: string | null }).accepted_at).not.toBeNull();
    expect(await current(c.token)).toBe('INSTALATION');

    // staff see the contracts with their evidence
    const staff = await s.fetch(`/api/v1/admin/customers/${c.id}/contracts`, { headers: { Authorization: `Bearer ${staffToken}` } });
    const data = ((await staff.json()) as { data: { signed_sha256: string | null; evidence: { phone_last4: string; consent: string } | null }[] }).data;
    expect(data).toHaveLength(2);
    expect(data[0]!.evidence).toMatchObject({ phone_last4: c.phone.slice(-4), consent: 'Li e concordo com as Condições gerais.' });
    expect(data.every((d) => d.signed_sha256)).toBe(true);
    const customerToken = await s.fetch(`/api/v1/admin/customers/${c.id}/contracts`, { headers: { Authorization: `Bearer ${c.token}` } });
    expect(customerToken.status).toBe(403);
  });
});
