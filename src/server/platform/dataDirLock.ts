import { hostname } from 'node:os';
import { join } from 'node:path';
import { linkSync, mkdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { processAlive } from './queue/queue';

/**
 * The embedded database (PGlite in DATA_DIR/pglite) may be opened by one process at a time: a
 * second one (the staff CLI while the server runs) would write pages the first never reads again,
 * or break them. While a process holds it, DATA_DIR/portal.lock names that process; another one
 * refuses to start instead of writing where the holder never looks. A lock whose process is gone
 * (kill -9, a crash) is taken over.
 */
export const LOCK_FILE = 'portal.lock';

export type LockRole = 'server' | 'staff-cli';

export interface LockHolder { role: LockRole; pid: number; host: string; started_at: string }

export class DataDirBusyError extends Error {
  override name = 'DataDirBusyError';
  constructor(readonly holder: LockHolder, readonly lockPath: string) {
    super(`${holder.role === 'server' ? 'the portal server' : 'a staff command'} (pid ${holder.pid} on ${holder.host}, since ${holder.started_at}) holds ${lockPath}`);
  }
}

export interface DataDirLock {
  holder: LockHolder;
  /** removes the lock file if it is still this process's */
  release(): void;
}

function readHolder(path: string): LockHolder | null {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockHolder>;
    if (typeof parsed.pid !== 'number' || typeof parsed.host !== 'string') return null;
    return { role: parsed.role === 'staff-cli' ? 'staff-cli' : 'server', pid: parsed.pid, host: parsed.host, started_at: String(parsed.started_at ?? '?') };
  } catch {
    return null;
  }
}

/**
 * A holder that may still be running: a live process of this machine other than this one, or any
 * process of another machine (sharing DATA_DIR over a network disk: its liveness cannot be seen here).
 */
function mayStillHold(holder: LockHolder, alive: (pid: number) => boolean): boolean {
  if (holder.host !== hostname()) return true;
  return holder.pid !== process.pid && alive(holder.pid);
}

/**
 * Takes DATA_DIR's lock for `role` or throws DataDirBusyError naming the process that holds it.
 * The file is created whole under a temporary name and linked into place, which fails when a
 * lock exists: two processes starting together cannot both win.
 */
export function lockDataDir(dataDir: string, role: LockRole, alive: (pid: number) => boolean = processAlive): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE);
  const holder: LockHolder = { role, pid: process.pid, host: hostname(), started_at: new Date().toISOString() };
  const temp = join(dataDir, `.${LOCK_FILE}.${process.pid}.${randomBytes(4).toString('hex')}`);
  writeFileSync(temp, `${JSON.stringify(holder)}\n`);
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(temp, path);
        break;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 3) throw e;
        const current = readHolder(path);
        if (current && mayStillHold(current, alive)) throw new DataDirBusyError(current, path);
        // left by a process that is gone (or unreadable): take it over
        rmSync(path, { force: true });
      }
    }
  } finally {
    rmSync(temp, { force: true });
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    const current = readHolder(path);
    if (current?.pid === holder.pid && current.host === holder.host && current.started_at === holder.started_at) {
      try { unlinkSync(path); } catch { /* already gone */ }
    }
  };
  process.once('exit', release);
  return { holder, release };
}

/** The message a second process prints when DATA_DIR is held (the staff CLI while the server runs). */
export function busyMessage(e: DataDirBusyError): string {
  const who = e.holder.role === 'server' ? `the portal server (pid ${e.holder.pid})` : `another staff command (pid ${e.holder.pid})`;
  return `DATA_DIR is in use by ${who} since ${e.holder.started_at} (${e.lockPath}). `
    + 'The embedded database takes one process at a time: stop the server and run the command again, '
    + 'or run the server and the staff commands on PostgreSQL (DATABASE_URL). If no such process runs, delete the lock file.';
}
