/**
 * Browser-test harness: starts the real server (built SPA + API) on a free port with a fresh
 * embedded database, and drives Debian's Chromium through playwright-core. Nothing downloads a browser.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];
export const SHOTS_DIR = join(process.cwd(), 'test-results', 'screens');

export function assertChromium(): void {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}. Install Debian's build with: ` +
        'apt-get update && apt-get install -y chromium  (or set CHROMIUM_PATH).',
    );
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface RunningPortal {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
  /** The local outbox (SMS/WhatsApp/e-mail), newest first. */
  outbox(to: string): Promise<Array<{ channel: string; to: string; body: string; code: string | null }>>;
}

/**
 * Starts `tsx src/server/main.ts` against the built SPA in dist/web. Run `vite build` first.
 * `beforeStart` runs on the fresh data directory before the server opens it (the embedded database
 * takes one process at a time), e.g. the staff CLI creating a staff account.
 */
export async function startPortal(
  env: Record<string, string> = {},
  options: { beforeStart?: (dataDir: string) => Promise<void> } = {},
): Promise<RunningPortal> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  await options.beforeStart?.(dataDir);
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      ALTCHA_MAX_NUMBER: process.env.ALTCHA_MAX_NUMBER ?? '2000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (d) => (log += String(d)));
  child.stderr?.on('data', (d) => (log += String(d)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`portal exited early:\n${log}`);
    try {
      const res = await fetch(`${url}/api/v1/openapi.json`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`portal did not start in 60 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    dataDir,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 300));
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
    async outbox(to: string) {
      const res = await fetch(`${url}/dev/outbox?to=${encodeURIComponent(to)}`);
      const body = (await res.json()) as { messages: Array<{ channel: string; to: string; body: string; code: string | null }> };
      return body.messages;
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  assertChromium();
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1366, height: 900 } as const;

export async function newPage(browser: Browser, viewport: { width: number; height: number } = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const page = await context.newPage();
  return { context, page };
}

export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: join(SHOTS_DIR, `${name}.png`), fullPage: true });
}

/** Waits until the newest outbox message to `to` carries a code newer than `after`, and returns it. */
export async function waitForCode(portal: RunningPortal, to: string, notThis?: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const [latest] = await portal.outbox(to);
    if (latest?.code && latest.code !== notThis) return latest.code;
    if (Date.now() > deadline) throw new Error(`no code arrived for ${to}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * The WCAG 2.1 A/AA problems axe-core finds on the page as it is now (inside `within` when given),
 * one line each: rule, what it asks, where. React Aria's live-announcer region is left out. Injected through the devtools protocol, so the portal's
 * CSP (scripts 'self' only) stays as it is.
 */
export async function accessibilityProblems(page: Page, within?: string): Promise<string[]> {
  const source = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  // a dialog fading in has low contrast for a moment: judge the settled page (finite animations only)
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity), undefined, { timeout: 5_000 }).catch(() => {});
  await page.evaluate(source);
  return page.evaluate(async (scope) => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: Array<{ id: string; help: string; nodes: Array<{ target: unknown[] }> }> }> } }).axe;
    // react-aria's live announcer keeps spent announcements (role img, labelled by a gone element) for 7 s
    const result = await axe.run({ include: [scope ?? 'html'], exclude: ['[data-live-announcer]'] }, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] });
    return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')})`);
  }, within ?? null);
}
