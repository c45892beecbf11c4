import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { createTestServer } from '../../support/server';
import { customerAtContracts, lastCode, newAddress } from '../../support/flows';
import { staffCli } from '../../support/cli';

/**
 * The signed contract is made in process (a customer signs the adhesion term on the signing page)
 * and the database handed to the CLI as a PGlite folder (PGlite only, as the document CLI's test).
 */
test.skipIf(Boolean(process.env.DATABASE_URL))('staff CLI: the contracts of a customer, and verify-signature of a signed PDF (a changed byte fails)', { timeout: 180_000 }, async () => {
  const s = await createTestServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-contract-cli-'));
  const cli = staffCli(dataDir);
  try {
    const c = await customerAtContracts(s);
    const adhesion = c.contracts[0]!;
    const post = (path: string, body: unknown) => s.fetch(path, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': newAddress() } });
    const secret = 'cli-test-page-secret-0123456789abcdef';
    expect((await post(`/sign/${adhesion.key}/code`, { secret })).status).toBe(202);
    expect((await post(`/sign/${adhesion.key}`, { secret, code: await lastCode(s, c.phone), consent: true })).status).toBe(201);
    const file = await s.fetch(`/api/v1/portal/customers/contracts/${adhesion.id}/file`, { headers: { Authorization: `Bearer ${c.token}` } });
    const signed = new Uint8Array(await file.arrayBuffer());
    const client = (s.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
    const copy = await PGlite.create(join(dataDir, 'pglite'), { loadDataDir: await client.dumpDataDir('none') });
    await copy.close();

    const listed = (await cli('contracts', c.phone)).stdout;
    expect(listed).toContain(`${adhesion.id} | Termo de Adesão | assinado em`);
    expect(listed).toContain('Procuração Técnica | pendente');
    writeFileSync(join(dataDir, 'assinado.pdf'), signed);
    const ok = await cli('verify-signature', join(dataDir, 'assinado.pdf'));
    expect(ok.stdout).toContain(`VÁLIDA: Termo de Adesão (contrato ${adhesion.id})`);
    const changed = new Uint8Array(signed);
    changed[100] = changed[100]! ^ 1;
    writeFileSync(join(dataDir, 'alterado.pdf'), changed);
    await expect(cli('verify-signature', join(dataDir, 'alterado.pdf'))).rejects.toMatchObject({ code: 1, stdout: expect.stringContaining('INVÁLIDA') });
  } finally {
    await s.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
