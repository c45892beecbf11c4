import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { openDatabase } from '../../../src/server/platform/db/index';
import { loadReferenceData } from '../../../src/server/platform/db/reference';
import { customers, proposals, staffAudit } from '../../../src/server/platform/db/schema';
import { applyProcessEvent, startProcess } from '../../../src/server/process/host';
import { systemClock } from '../../../src/server/config';
import type { ProcessEvent } from '#machines/process/processMachine';
import { messages } from '#shared/messages';
import { migratedDataDir, staffCli } from '../../support/cli';

const PHONE = '5511955554444';

test('staff CLI publish-proposal: refused before the visit is approved, then published with the staff figures (audited)', { timeout: 120_000 }, async () => {
  const dataDir = await migratedDataDir('portal-proposal-cli-');
  const cli = staffCli(dataDir);
  const pgliteDir = join(dataDir, 'pglite');
  const move = async (events: ProcessEvent[]) => {
    const database = await openDatabase({ pgliteDir });
    try {
      const [c] = await database.db.select({ id: customers.id }).from(customers).where(eq(customers.phone, PHONE));
      for (const e of events) await applyProcessEvent(database.db, systemClock, c!.id, e);
    } finally { await database.close(); }
  };
  try {
    await cli('create-staff', '--name', 'Ana Souza', '--email', 'ana@empresa.com.br');
    {
      const database = await openDatabase({ pgliteDir });
      await loadReferenceData(database.db);
      const now = new Date();
      const [c] = await database.db.insert(customers).values({
        name: 'Rui Campos', email: 'rui@exemplo.com.br', phone: PHONE, type: 'CPF', unitType: 'RESIDENCIAL', billValue: 500,
        stateCode: 'SP', cityId: 3509502, createdAt: now, updatedAt: now,
      }).returning({ id: customers.id });
      await startProcess(database.db, systemClock, c!.id);
      await database.close();
    }
    await move([{ type: 'simulation.done' }, { type: 'bill.submitted' }, { type: 'bill.approved' }, { type: 'proposal.initialSent' }, { type: 'proposal.initialApproved' }]);
    await expect(cli('publish-proposal', PHONE)).rejects.toMatchObject({ code: 2 });
    await expect(cli('publish-proposal', PHONE, '--as', 'ana@empresa.com.br')).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining(messages['proposal.final.publish.refused']) });
    await move([{ type: 'visit.requested' }, { type: 'visit.confirmed' }, { type: 'visit.approved' }]);
    const out = await cli('publish-proposal', PHONE, '--as', 'ana@empresa.com.br', '--power-kwp', '4,4', '--price', '12990', '--module-brand', 'Jinko', '--module-warranty', '12');
    expect(out.stdout).toMatch(/final proposal \d+ published/);
    const database = await openDatabase({ pgliteDir });
    const [final] = await database.db.select().from(proposals).where(eq(proposals.type, 'FINAL'));
    const actions = (await database.db.select().from(staffAudit)).map((a) => a.action);
    await database.close();
    expect(final?.data).toMatchObject({ power_of_the_project: 4.4, final_value: 12990, module_quantity: 8, module_brand: 'Jinko', module_warranty: 12 });
    expect(actions).toEqual(['proposal:finalPublished']);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
