import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';
import { openDatabase } from '../../../src/server/platform/db/index';
import { staffAudit } from '../../../src/server/platform/db/schema';

const run = promisify(execFile);

test('staff CLI: block and open a day for visits (audited), list them; visit commands need --as', { timeout: 120_000 }, async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-visit-cli-'));
  const cli = (...args: string[]) => run('npx', ['tsx', 'src/server/staff/cli.ts', ...args], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } });
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
