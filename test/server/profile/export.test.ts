import { eq } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accessCodes, contracts, sessions, uploads } from '../../../src/server/platform/db/schema';
import { EXPORTS_PER_WINDOW } from '../../../src/server/profile/routes';
import { createTestServer, type TestServer } from '../../support/server';
import { call, customerAtContracts, signUpCustomerWithId } from '../../support/flows';
import { copyText, exportOf, signOnPage } from './support';

/**
 * 'Baixar meus dados' (LGPD art. 18 II, 19): a ZIP at once, with every row about the customer by
 * table and their files, nothing of another customer, and no secret (token hashes, code hashes,
 * signing keys, storage keys).
 */
let s: TestServer;
beforeAll(async () => { s = await createTestServer(); });
afterAll(async () => { await s.close(); });

describe('GET /portal/customers/export', () => {
  test('a ZIP download of every table about the customer and their files: the document sent, the contracts and the signed one', async () => {
    const c = await customerAtContracts(s);
    const adhesion = c.contracts.find((x) => x.type === 'ADHESION_TERM')!;
    await signOnPage(s, c, adhesion.key);
    const other = await customerAtContracts(s);

    const copy = await exportOf(s, c.token);
    expect(copy.status).toBe(200);
    expect(copy.headers.get('Content-Type')).toBe('application/zip');
    expect(copy.headers.get('Content-Disposition')).toBe('attachment; filename="meus-dados.zip"');
    expect(copy.headers.get('Cache-Control')).toBe('private, no-store');

    const t = copy.data.tabelas;
    expect(copy.data.cliente_id).toBe(c.id);
    expect(t.customers).toHaveLength(1);
    expect(t.customers![0]).toMatchObject({ id: c.id, phone: c.phone, name: 'Maria da Silva', type: 'CPF', deleted_at: null });
    // the rows each step left: the plan, the card's checkout, the document, the holder data, the contracts, the process
    expect(t.client_plans).toHaveLength(1);
    expect(t.checkouts![0]).toMatchObject({ method: 'CARD', brand: 'VISA', last4: '1111' });
    expect(t.documents!.map((d) => d.type)).toEqual(['DOCUMENT']);
    expect(t.bill_owners![0]).toMatchObject({ customer_id: c.id });
    expect(t.contracts!.map((x) => x.type).sort()).toEqual(['ADHESION_TERM', 'POWER_OF_ATTORNEY']);
    expect(t.process_snapshots).toHaveLength(1);
    expect(t.sessions!.length).toBeGreaterThan(0);
    expect(t.auth_events!.length + t.access_codes!.length).toBeGreaterThan(0);

    // the files: the document as it was sent, both contracts, and the signed one
    const sent = new Uint8Array(readFileSync('test/fixtures/bills/photo-bill.png'));
    const [doc] = await s.db.select().from(uploads).where(eq(uploads.customerId, c.id));
    expect(copy.files[`arquivos/documento-${doc!.id}.png`]).toEqual(sent);
    const pdfs = Object.keys(copy.files).filter((p) => p.startsWith('arquivos/contrato-')).sort();
    expect(pdfs).toHaveLength(3);
    expect(pdfs.filter((p) => p.endsWith('-assinado.pdf'))).toEqual([`arquivos/contrato-adhesion-term-${adhesion.id.slice(0, 8)}-assinado.pdf`]);
    for (const p of pdfs) expect(new TextDecoder().decode(copy.files[p]!.slice(0, 5))).toBe('%PDF-');
    expect(copy.data.arquivos.sort()).toEqual(Object.keys(copy.files).filter((p) => p.startsWith('arquivos/')).sort());
    expect(copy.data.arquivos_indisponiveis).toEqual([]);
    expect(Object.keys(copy.files)).toContain('LEIA-ME.txt');

    // nothing of the other customer
    const text = copyText(copy);
    expect(text).not.toContain(other.phone);
    expect(text).not.toContain(`"customer_id": ${other.id},`);
  });

  test('never a secret: session token hashes, code hashes, signing keys and storage keys stay out', async () => {
    const c = await customerAtContracts(s);
    const copy = await exportOf(s, c.token);
    const text = copyText(copy);
    const hashes = await s.db.select({ hash: sessions.tokenHash }).from(sessions).where(eq(sessions.customerId, c.id));
    const codes = await s.db.select({ hash: accessCodes.codeHash, secret: accessCodes.secretHash }).from(accessCodes).where(eq(accessCodes.phone, c.phone));
    const signing = await s.db.select({ key: contracts.signatureKey, file: contracts.fileKey }).from(contracts).where(eq(contracts.customerId, c.id));
    const stored = await s.db.select({ key: uploads.storageKey }).from(uploads).where(eq(uploads.customerId, c.id));
    const secrets = [...hashes.map((h) => h.hash), ...codes.flatMap((x) => [x.hash, x.secret ?? '']), ...signing.flatMap((x) => [x.key, x.file]), ...stored.map((x) => x.key)].filter(Boolean);
    expect(secrets.length).toBeGreaterThan(5);
    for (const secret of secrets) expect(text).not.toContain(secret);
    // nor the column names that would hold them
    for (const column of ['token_hash', 'code_hash', 'secret_hash', 'signature_key', 'storage_key', 'file_key', 'signed_file_key']) expect(text).not.toContain(`"${column}"`);
    // a code request for the phone may be a stranger's: its address is not the customer's to have
    expect(copy.data.tabelas.auth_events!.length).toBeGreaterThan(0);
    for (const row of copy.data.tabelas.auth_events!) expect(Object.keys(row).sort()).toEqual(['at', 'id', 'kind', 'phone', 'purpose']);
  });

  test('needs the session; ten copies an hour, then 429 with the wait', async () => {
    expect((await call(s, 'GET', '/portal/customers/export')).status).toBe(401);
    const c = await signUpCustomerWithId(s);
    for (let i = 0; i < EXPORTS_PER_WINDOW; i++) expect((await exportOf(s, c.token)).status).toBe(200);
    const refused = await exportOf(s, c.token);
    expect(refused.status).toBe(429);
    expect(refused.data).toMatchObject({ code: 4295, retry_after_s: 3600 });
    s.clock.advance(3600_000 + 1);
    expect((await exportOf(s, c.token)).status).toBe(200);
  });
});
