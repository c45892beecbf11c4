import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { botCheck, newPhone, randomAddress, requestSecret, sleep, startServer, type Portal } from '../../resilience/spawned';

/**
 * SIGTERM on the real server (node src/server/main.ts on PGlite in a temporary DATA_DIR): the
 * requests in flight finish with their answers, new connections are refused, a request that never
 * ends is cut at SHUTDOWN_TIMEOUT_MS, and the process exits 0 (docs/operations.md "Shutdown").
 */
const dataDir = mkdtempSync(join(tmpdir(), 'portal-shutdown-'));
let portal: Portal | undefined;
afterAll(async () => {
  await portal?.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Answer { status: number; body: string }

/** A JSON POST whose body is written in two halves: the second once `release` resolves. */
function slowPost(url: string, path: string, body: unknown, release: Promise<void>): { sent: Promise<void>; answer: Promise<Answer> } {
  const text = Buffer.from(JSON.stringify(body));
  const u = new URL(url);
  let sent!: () => void;
  const firstHalf = new Promise<void>((r) => { sent = r; });
  const answer = new Promise<Answer>((resolve, reject) => {
    const req = request({
      host: u.hostname, port: u.port, path: `/api/v1${path}`, method: 'POST', agent: false,
      headers: { 'Content-Type': 'application/json', 'Content-Length': text.length, 'Accept-Language': 'pt-BR', 'X-Forwarded-For': randomAddress() },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      let data = '';
      res.on('data', (d) => (data += String(d)));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data }));
      res.on('error', reject);
    });
    const half = Math.floor(text.length / 2);
    req.write(text.subarray(0, half), () => sent());
    void release.then(() => req.end(text.subarray(half)));
  });
  return { sent: firstHalf, answer };
}

/** A new connection's outcome: its status, or the error code (ECONNREFUSED). */
const newConnection = (url: string, path: string): Promise<string> => new Promise((resolve) => {
  const u = new URL(url);
  const req = request({ host: u.hostname, port: u.port, path, agent: false }, (res) => { res.resume(); resolve(String(res.statusCode)); });
  req.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'));
  req.end();
});

describe('SIGTERM', () => {
  test('during 20 in-flight code requests: all 20 answered 202, new connections refused, a stuck request cut at the timeout, exit 0', async () => {
    const timeoutMs = 4000;
    portal = await startServer({ DATA_DIR: dataDir, SHUTDOWN_TIMEOUT_MS: String(timeoutMs), LOG_LEVEL: 'info' });
    expect((await fetch(`${portal.url}/readyz`)).status).toBe(200);

    const bodies = await Promise.all(Array.from({ length: 20 }, async () => ({
      phone: newPhone(), coupon: null, secret: requestSecret(), recaptcha: await botCheck(portal!.url), type: 'SIGN_UP', resend: false,
    })));
    let release!: () => void;
    const released = new Promise<void>((r) => { release = r; });
    const calls = bodies.map((b) => slowPost(portal!.url, '/queue/sms', b, released));
    // one more whose body never ends: only the timeout ends it
    const stuck = slowPost(portal.url, '/queue/sms', bodies[0], new Promise<void>(() => {}));
    const stuckOutcome = stuck.answer.then((a) => String(a.status), (e: NodeJS.ErrnoException) => e.code ?? 'error');
    await Promise.all([...calls.map((c) => c.sent), stuck.sent]);
    await sleep(300); // the server has read the first halves

    const exited = new Promise<{ code: number | null; at: number }>((r) => portal!.child.once('exit', (code) => r({ code, at: Date.now() })));
    const signalled = Date.now();
    portal.child.kill('SIGTERM');
    await sleep(300);
    // the listening socket is closed: a new connection is refused (or, at worst, told 503)
    expect(['ECONNREFUSED', '503']).toContain(await newConnection(portal.url, '/readyz'));
    release();

    const answers = await Promise.all(calls.map((c) => c.answer));
    for (const a of answers) {
      expect(a.status, a.body).toBe(202);
      expect(JSON.parse(a.body)).toMatchObject({ queued: true });
    }
    expect(await stuckOutcome).toBe('ECONNRESET');
    const { code, at } = await exited;
    expect(code).toBe(0);
    // the stuck request held it until the timeout, not much longer
    expect(at - signalled).toBeGreaterThanOrEqual(timeoutMs - 200);
    expect(at - signalled).toBeLessThan(timeoutMs + 8000);

    // every line it wrote is JSON; the shutdown said what it did
    const lines = portal.log().split('\n').filter((l) => l.trim() !== '');
    for (const line of lines) expect(() => JSON.parse(line) as unknown, line).not.toThrow();
    const messages = lines.map((l) => String((JSON.parse(l) as { msg?: unknown }).msg));
    expect(messages).toContain('shutdown: draining');
    expect(messages).toContain('shutdown: requests still in flight at the timeout were cut');
    expect(messages).toContain('shutdown: done');
  }, 180_000);
});
