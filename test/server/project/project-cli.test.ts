import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../../../src/server/platform/db/index';
import { notifications, staffAudit } from '../../../src/server/platform/db/schema';
import { createStaff } from '../../../src/server/staff/service';
import { messages as m } from '../../../src/shared/messages';
import { createTestServer } from '../../support/server';
import { customerAtInstallation } from '../../support/flows';
import { staffCli } from '../../support/cli';

/**
 * The customer is brought to INSTALATION in process and handed to the CLI as a PGlite folder
 * (PGlite only: with DATABASE_URL the CLI would open another database).
 */
test.skipIf(Boolean(process.env.DATABASE_URL))('staff CLI: open the project, file it with the distributor, write on the mural and open the upload (told and audited)', { timeout: 180_000 }, async () => {
  const s = await createTestServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-project-cli-'));
  const cli = staffCli(dataDir);
  const as = ['--as', 'ana.project@empresa.com.br'];
  try {
    await createStaff(s.db, s.clock, 'Ana Souza', 'ana.project@empresa.com.br');
    const c = await customerAtInstallation(s);
    const client = (s.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
    const copy = await PGlite.create(join(dataDir, 'pglite'), { loadDataDir: await client.dumpDataDir('none') });
    await copy.close();

    expect((await cli('project', c.phone)).stdout).toContain('status (project not opened)');
    // every change needs someone who acts, and the statuses go one at a time
    await expect(cli('project-status', c.phone, 'PROJECT_IN_PREPARATION')).rejects.toMatchObject({ code: 2 });
    await expect(cli('project-status', c.phone, 'EQUIPMENT_DISPATCHED', ...as)).rejects.toMatchObject({ code: 1 });
    await expect(cli('project-status', c.phone, 'NOT_A_STATUS', ...as)).rejects.toMatchObject({ code: 2 });
    expect((await cli('project-status', c.phone, 'PROJECT_IN_PREPARATION', ...as)).stdout).toContain(`status PROJECT_IN_PREPARATION — ${m['project.status.PROJECT_IN_PREPARATION']}`);
    const filed = await cli('project-status', c.phone, 'PROJECT_SUBMITTED_TO_DEALERSHIP', '--protocol', 'OC-123', '--filed-on', '2026-03-02', '--deadline-days', '15', '--distributor', 'Enel SP', ...as);
    expect(filed.stdout).toContain('PROJECT_SUBMITTED_TO_DEALERSHIP: protocol OC-123 (Enel SP), filed 2026-03-02, 15 dias');
    expect((await cli('project-message', c.phone, 'Projeto protocolado na distribuidora.', ...as)).stdout).toContain('Projeto protocolado na distribuidora.');
    expect((await cli('project-upload', c.phone, 'on', ...as)).stdout).toContain('upload open');

    const database = await openDatabase({ pgliteDir: join(dataDir, 'pglite') });
    const told = (await database.db.select().from(notifications).where(eq(notifications.customerId, c.id))).map((n) => n.message);
    const audited = (await database.db.select().from(staffAudit).where(eq(staffAudit.customerId, c.id))).map((a) => a.action);
    await database.close();
    expect(told).toEqual([
      m['notification.project.PROJECT_IN_PREPARATION'], m['notification.project.PROJECT_SUBMITTED_TO_DEALERSHIP'], m['notification.project.message'], m['notification.project.upload'],
    ]);
    expect(audited).toEqual(['project:status', 'project:status', 'project:message', 'project:upload']);
  } finally {
    await s.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
