import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../../../src/server/platform/db/index';
import { notifications, staffAudit } from '../../../src/server/platform/db/schema';
import { createStaff } from '../../../src/server/staff/service';
import { createTestServer } from '../../support/server';
import { customerAtCheckout, newAddress } from '../../support/flows';
import { fixture } from '../../support/uploads';
import { staffCli } from '../../support/cli';

/**
 * The customer's state is built in process (plan, card, an ID sent) and handed to the CLI as a
 * PGlite folder (PGlite only: with DATABASE_URL the CLI would open another database).
 */
test.skipIf(Boolean(process.env.DATABASE_URL))('staff CLI: list a customer\'s documents, deny one with its reason (told and audited), approve the next', { timeout: 180_000 }, async () => {
  const s = await createTestServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-document-cli-'));
  const cli = staffCli(dataDir);
  try {
    await createStaff(s.db, s.clock, 'Ana Souza', 'ana.docs@empresa.com.br');
    const c = await customerAtCheckout(s, { paid: true });
    const form = new FormData();
    form.append('document', new Blob([Buffer.from(fixture('photo-bill.png'))]), 'rg.png');
    const sent = await s.fetch('/api/v1/portal/customers/documents', { method: 'POST', headers: { Authorization: `Bearer ${c.token}`, 'X-Forwarded-For': newAddress() }, body: form });
    const id = ((await sent.json()) as { data: { id: number }[] }).data[0]!.id;
    const client = (s.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
    const copy = await PGlite.create(join(dataDir, 'pglite'), { loadDataDir: await client.dumpDataDir('none') });
    await copy.close();

    expect((await cli('documents', c.phone)).stdout).toContain(`${id} | Documento de identidade | Em análise`);
    // a denial needs its reason, and every decision someone who acts
    await expect(cli('document', c.phone, String(id), 'deny', '--as', 'ana.docs@empresa.com.br')).rejects.toMatchObject({ code: 2 });
    await expect(cli('document', c.phone, String(id), 'approve')).rejects.toMatchObject({ code: 2 });
    expect((await cli('document', c.phone, String(id), 'deny', '--reason', 'A foto está ilegível', '--as', 'ana.docs@empresa.com.br')).stdout).toContain('Documento de identidade: Negado');
    await expect(cli('document', c.phone, String(id), 'approve', '--as', 'ana.docs@empresa.com.br')).rejects.toMatchObject({ code: 1 });
    const database = await openDatabase({ pgliteDir: join(dataDir, 'pglite') });
    const told = (await database.db.select().from(notifications).where(eq(notifications.customerId, c.id))).map((n) => n.message);
    const audited = (await database.db.select().from(staffAudit).where(eq(staffAudit.customerId, c.id))).map((a) => a.action);
    await database.close();
    expect(told.some((t) => t.includes('A foto está ilegível'))).toBe(true);
    expect(audited).toContain('document:decide');
  } finally {
    await s.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
