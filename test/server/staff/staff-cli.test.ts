import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { sha256 } from '../../../src/server/auth/crypto';
import { openDatabase } from '../../../src/server/platform/db/index';
import { cities, customers, staff, staffAudit, states } from '../../../src/server/platform/db/schema';
import { systemClock } from '../../../src/server/config';
import { createStaff } from '../../../src/server/staff/service';
import { migratedDataDir, staffCli } from '../../support/cli';

test('npm run staff -- create-staff prints a token once; only its hash is stored', { timeout: 60_000 }, async () => {
  const dataDir = await migratedDataDir('portal-cli-');
  try {
    const out = await staffCli(dataDir)('create-staff', '--name', 'Ana Souza', '--email', 'Ana@Empresa.com.br');
    const token = /token \(shown once\): (\S+)/.exec(out.stdout)?.[1];
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const database = await openDatabase({ pgliteDir: join(dataDir, 'pglite') });
    const [row] = await database.db.select().from(staff).where(eq(staff.email, 'ana@empresa.com.br'));
    await database.close();
    expect(row?.name).toBe('Ana Souza');
    expect(row?.tokenHash).toBe(sha256(token ?? ''));
    await expect(staffCli(dataDir)('create-staff', '--name', 'X')).rejects.toMatchObject({ code: 2 });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('npm run staff -- partnership <phone> on --as <e-mail>: the customer becomes a partnership one, audited', { timeout: 90_000 }, async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-cli-'));
  try {
    const phone = '5511987600001';
    let database = await openDatabase({ pgliteDir: join(dataDir, 'pglite') });
    await database.migrate();
    await database.db.insert(states).values({ code: 'SP', name: 'São Paulo', ibgeCode: 35 });
    await database.db.insert(cities).values({ id: 3509502, stateCode: 'SP', name: 'Campinas' });
    const now = systemClock.now();
    const [customer] = await database.db.insert(customers).values({
      name: 'Joana Ribeiro', email: 'joana@exemplo.com.br', phone, type: 'CPF', unitType: 'RESIDENCIAL', billValue: 420,
      stateCode: 'SP', cityId: 3509502, createdAt: now, updatedAt: now,
    }).returning({ id: customers.id });
    const ana = await createStaff(database.db, systemClock, 'Ana Souza', 'ana@empresa.com.br');
    await database.close();

    const cli = staffCli(dataDir);
    // who acts must be known: without --as nothing changes
    await expect(cli('partnership', phone, 'on')).rejects.toMatchObject({ code: 2 });
    const out = await cli('partnership', phone, 'on', '--as', 'Ana@Empresa.com.br');
    expect(out.stdout.trim()).toBe('partnership on');

    database = await openDatabase({ pgliteDir: join(dataDir, 'pglite') });
    const [row] = await database.db.select({ has: customers.hasPartnership }).from(customers).where(eq(customers.id, customer!.id));
    const trail = await database.db.select().from(staffAudit);
    await database.close();
    expect(row?.has).toBe(true);
    expect(trail).toEqual([expect.objectContaining({
      staffId: ana.id, action: 'partnership:set', customerId: customer!.id, before: { has_partnership: false }, after: { has_partnership: true },
    })]);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
