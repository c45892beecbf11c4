import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { createStaff } from '../../../src/server/staff/service';
import { createTestServer } from '../../support/server';
import { customerAtPayment } from '../../support/flows';
import { staffCli } from '../../support/cli';

/**
 * The staff CLI decides a financing customer's status, as the admin endpoint does: the database is
 * made in process and handed to the CLI as a PGlite folder (PGlite only, as the other CLI tests).
 */
test.skipIf(Boolean(process.env.DATABASE_URL))('staff CLI: a buyer\'s payment, and the financing decided with --as', { timeout: 180_000 }, async () => {
  const s = await createTestServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-payment-cli-'));
  const cli = staffCli(dataDir, { PAYMENT_PROVIDER: '' });
  try {
    const c = await customerAtPayment(s, 'FINANCING');
    await createStaff(s.db, s.clock, 'Rita', 'rita.cli@empresa.com.br');
    const client = (s.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
    const copy = await PGlite.create(join(dataDir, 'pglite'), { loadDataDir: await client.dumpDataDir('none') });
    await copy.close();

    expect((await cli('payment', c.phone)).stdout).toContain('pagamento: FINANCING | financiamento: NOT_REQUESTED | fatura: nenhuma');
    await expect(cli('financing', c.phone, 'APPROVED')).rejects.toMatchObject({ code: 2 });
    await expect(cli('financing', c.phone, 'MAYBE', '--as', 'rita.cli@empresa.com.br')).rejects.toMatchObject({ code: 2 });
    expect((await cli('financing', c.phone, 'APPROVED', '--as', 'rita.cli@empresa.com.br')).stdout).toContain('financiamento: APPROVED');
    // a financing buyer has no invoice to reconcile
    await expect(cli('invoice', c.phone, 'paid', '--as', 'rita.cli@empresa.com.br')).rejects.toMatchObject({ code: 1 });
  } finally {
    await s.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
