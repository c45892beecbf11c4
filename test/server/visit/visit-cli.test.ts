import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../../../src/server/platform/db/index';
import { staffAudit } from '../../../src/server/platform/db/schema';
import { createStaff } from '../../../src/server/staff/service';
import { messages } from '#shared/messages';
import { firstBookableDay, localClockAt } from '#shared/visit/rules';
import { createTestServer, testClock } from '../../support/server';
import { call, lastCode, newPhone, personalSignUp, requestCode } from '../../support/flows';
import { fixture, upload } from '../../support/uploads';
import { migratedDataDir, staffCli } from '../../support/cli';

test('staff CLI: block and open a day for visits (audited), list them; visit commands need --as', { timeout: 120_000 }, async () => {
  const dataDir = await migratedDataDir('portal-visit-cli-');
  const cli = staffCli(dataDir);
  try {
    await cli('create-staff', '--name', 'Ana Souza', '--email', 'ana@empresa.com.br');
    await expect(cli('calendar-block', '2026-12-08')).rejects.toMatchObject({ code: 2 });
    expect((await cli('calendar-block', '2026-12-08', '--as', 'ana@empresa.com.br', '--reason', 'Feriado municipal')).stdout).toContain('blocked 2026-12-08');
    expect((await cli('calendar')).stdout).toContain('2026-12-08 Feriado municipal');
    expect((await cli('calendar-unblock', '2026-12-08', '--as', 'ana@empresa.com.br')).stdout).toContain('open again 2026-12-08');
    await expect(cli('visit', '5511900000000', 'CONFIRMED_SCHEDULE', '--as', 'ana@empresa.com.br')).rejects.toMatchObject({ code: 1 });
    const database = await openDatabase({ pgliteDir: join(dataDir, 'pglite') });
    const actions = (await database.db.select().from(staffAudit)).map((a) => a.action);
    await database.close();
    expect(actions).toEqual(['calendar:block', 'calendar:unblock']);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

/**
 * The CLI runs on the system clock, so the visit is booked for the first day the calendar offers
 * from now: always ahead of it. The customer's state is built in process and handed to the CLI as
 * a PGlite folder (PGlite only: with DATABASE_URL the CLI would open another database).
 */
test.skipIf(Boolean(process.env.DATABASE_URL))('staff CLI: a visit outcome before the booked time is refused unless --early confirms an early visit', { timeout: 120_000 }, async () => {
  const s = await createTestServer({ clock: testClock(new Date()) });
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-visit-cli-early-'));
  const cli = staffCli(dataDir);
  try {
    await createStaff(s.db, s.clock, 'Ana Souza', 'ana.early@empresa.com.br');
    const phone = newPhone();
    await requestCode(s, phone, { type: 'SIGN_UP' });
    const confirm = await call(s, 'POST', '/portal/confirm-number', { phone, code: await lastCode(s, phone) });
    const token = String((await call(s, 'POST', '/portal/customers', personalSignUp(phone, String(confirm.body.phone_proof)))).body.access_token);
    const id = Number((await call(s, 'GET', '/portal/customers', undefined, { token })).body.id);
    await call(s, 'POST', '/portal/customers/plan-simulated', { bill_value: 600, deadline_years: 20, nivel: 'MAX' }, { token });
    await upload(s, '/portal/customers/bills?is_holder=true', { bytes: fixture('cemig-clean-residential.pdf'), name: 'conta.pdf' }, { token });
    expect((await call(s, 'PUT', `/admin/customers/${id}/approve/proposal`, undefined, { token })).status).toBe(200);
    const day = firstBookableDay(localClockAt(s.clock.now(), 'America/Sao_Paulo'), { uf: 'SP' });
    const date = `${day!.year}-${String(day!.month).padStart(2, '0')}-${String(day!.day).padStart(2, '0')}`;
    const booked = await call(s, 'POST', '/portal/customers/scheduling', {
      date, time: '09:00', phone: '(11) 98765-4321', cep: '01310-100', address: 'Avenida Paulista', number: '1000',
      neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP',
    }, { token });
    expect(booked.status).toBe(201);
    const client = (s.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
    const copy = await PGlite.create(join(dataDir, 'pglite'), { loadDataDir: await client.dumpDataDir('none') });
    await copy.close();

    await cli('visit', phone, 'CONFIRMED_SCHEDULE', '--as', 'ana.early@empresa.com.br');
    const refused = await cli('visit', phone, 'ACCOMPLISHED_AND_APPROVED', '--as', 'ana.early@empresa.com.br').then(() => null, (e: { code: number; stderr: string }) => e);
    expect(refused?.code).toBe(1);
    expect(refused?.stderr).toContain(messages['visit.outcomeTooEarly']);
    expect(refused?.stderr).toContain('--early');
    expect((await cli('visit', phone)).stdout).toContain('CONFIRMED_SCHEDULE');
    const early = await cli('visit', phone, 'ACCOMPLISHED_AND_APPROVED', '--as', 'ana.early@empresa.com.br', '--early');
    expect(early.stdout).toContain('ACCOMPLISHED_AND_APPROVED');
  } finally {
    await s.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
