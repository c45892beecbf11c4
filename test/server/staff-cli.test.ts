import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { sha256 } from '../../src/server/auth/crypto';
import { openDatabase } from '../../src/server/db/index';
import { staff } from '../../src/server/db/schema';

const run = promisify(execFile);

test('npm run staff -- create-staff prints a token once; only its hash is stored', { timeout: 60_000 }, async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-cli-'));
  try {
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
    const out = await run('npx', ['tsx', 'src/server/cli/staff.ts', 'create-staff', '--name', 'Ana Souza', '--email', 'Ana@Empresa.com.br'], { env });
    const token = /token \(shown once\): (\S+)/.exec(out.stdout)?.[1];
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const database = await openDatabase({ pgliteDir: join(dataDir, 'pglite') });
    const [row] = await database.db.select().from(staff).where(eq(staff.email, 'ana@empresa.com.br'));
    await database.close();
    expect(row?.name).toBe('Ana Souza');
    expect(row?.tokenHash).toBe(sha256(token ?? ''));
    await expect(run('npx', ['tsx', 'src/server/cli/staff.ts', 'create-staff', '--name', 'X'], { env })).rejects.toMatchObject({ code: 2 });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
