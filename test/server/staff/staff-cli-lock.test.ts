import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { DataDirBusyError, LOCK_FILE, lockDataDir } from '../../../src/server/platform/dataDirLock';
import { staffCli } from '../../support/cli';

/**
 * The embedded database takes one process at a time: while the server holds DATA_DIR, the staff
 * CLI refuses with a clear message instead of writing where the server never looks.
 */
const dirs: string[] = [];
const newDataDir = () => { const d = mkdtempSync(join(tmpdir(), 'portal-lock-')); dirs.push(d); return d; };
afterEach(() => { for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true }); });

const cli = (dataDir: string, ...args: string[]) => staffCli(dataDir)(...args);
const createStaffArgs = ['create-staff', '--name', 'Ana Souza', '--email', 'ana@empresa.com.br'];
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid ?? 999_999_999;

test('while a server holds DATA_DIR, the staff CLI refuses with a message naming it and writes nothing', { timeout: 60_000 }, async () => {
  const dataDir = newDataDir();
  const server = lockDataDir(dataDir, 'server'); // as the running server does (this test process stands in for it)
  try {
    const refused = await cli(dataDir, ...createStaffArgs).then(() => null, (e: { code: number; stderr: string }) => e);
    expect(refused?.code).toBe(1);
    expect(refused?.stderr).toContain(`DATA_DIR is in use by the portal server (pid ${process.pid})`);
    expect(refused?.stderr).toContain('stop the server');
    expect(existsSync(join(dataDir, 'pglite'))).toBe(false); // the database was never opened
  } finally {
    server.release();
  }
  expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  const out = await cli(dataDir, ...createStaffArgs);
  expect(out.stdout).toMatch(/token \(shown once\): \S+/);
  expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false); // the CLI let go of it
});

test('a lock left by a process that is gone (kill -9) is taken over', { timeout: 60_000 }, async () => {
  const dataDir = newDataDir();
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(join(dataDir, LOCK_FILE), JSON.stringify({ role: 'server', pid: deadPid(), host: hostname(), started_at: '2026-01-01T00:00:00.000Z' }));
  const lock = lockDataDir(dataDir, 'server');
  expect(JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid, role: 'server' });
  lock.release();
  expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  // a live process of this machine holds it: refused
  writeFileSync(join(dataDir, LOCK_FILE), JSON.stringify({ role: 'server', pid: process.ppid, host: hostname(), started_at: 'x' }));
  expect(() => lockDataDir(dataDir, 'staff-cli')).toThrow(DataDirBusyError);
  writeFileSync(join(dataDir, LOCK_FILE), JSON.stringify({ role: 'server', pid: 1, host: `${hostname()}-elsewhere`, started_at: 'x' }));
  expect(() => lockDataDir(dataDir, 'staff-cli')).toThrow(DataDirBusyError); // another machine's process is never presumed dead
});

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as { port: number };
  await new Promise((r) => srv.close(r));
  return port;
}

function startServer(dataDir: string, port: number): { child: ChildProcess; log: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: String(port), APP_ENV: 'development', WEB_ROOT: join(dataDir, 'no-web') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (d) => (log += String(d)));
  child.stderr?.on('data', (d) => (log += String(d)));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, log: () => log, exited };
}

test('the real server: start-up removes a crashed upload\'s staging file, holds DATA_DIR while it runs, lets go when stopped', { timeout: 240_000 }, async () => {
  const dataDir = newDataDir();
  const staging = join(dataDir, 'uploads', '.staging');
  mkdirSync(staging, { recursive: true });
  const leftover = join(staging, `${deadPid()}-00ff00ff.part`);
  writeFileSync(leftover, '%PDF-1.4 half a bill');
  const port = await freePort();
  const server = startServer(dataDir, port);
  try {
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (server.child.exitCode !== null) throw new Error(`server exited:\n${server.log()}`);
      const up = await fetch(`http://127.0.0.1:${port}/api/v1/openapi.json`).then((r) => r.ok, () => false);
      if (up) break;
      if (Date.now() > deadline) throw new Error(`server did not start:\n${server.log()}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(existsSync(leftover)).toBe(false);
    expect(JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8'))).toMatchObject({ role: 'server', pid: server.child.pid });

    const refused = await cli(dataDir, ...createStaffArgs).then(() => null, (e: { code: number; stderr: string }) => e);
    expect(refused?.code).toBe(1);
    expect(refused?.stderr).toContain(`DATA_DIR is in use by the portal server (pid ${String(server.child.pid)})`);

    // a second server on the same DATA_DIR refuses as well
    const second = startServer(dataDir, await freePort());
    expect(await second.exited).toBe(1);
    expect(second.log()).toContain('DATA_DIR is in use by the portal server');
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  const out = await cli(dataDir, ...createStaffArgs);
  expect(out.stdout).toMatch(/token \(shown once\): \S+/);
});
