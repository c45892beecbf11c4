/**
 * Browser-test harness: starts the production build (`npm run build`: the SPA and the bundled
 * server, as `npm start` serves them) on a free port with a fresh embedded database, and drives
 * Debian's Chromium through playwright-core. Nothing downloads a browser.
 */
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync, mkdirSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import { solveChallenge } from 'altcha-lib/v1';
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

/** The bundled server and staff CLI of `npm run build` (test:e2e builds them first). */
const SERVER = join('dist', 'server', 'main.js');
const STAFF_CLI = join('dist', 'server', 'staff.js');

/**
 * A new DATA_DIR whose embedded database is already migrated, as after the portal's first start:
 * the migrations run once per schema (`npm run migrate:prod` into a cached template) and each
 * portal starts from a copy. Starting from an empty DATA_DIR is the production smoke test's.
 */
function migratedDataDir(): string {
  const key = createHash('sha256');
  for (const f of readdirSync('drizzle', { recursive: true }).map(String).sort()) {
    if (f.endsWith('.sql') || f.endsWith('.json')) key.update(f).update(readFileSync(join('drizzle', f)));
  }
  key.update(readFileSync(SERVER));
  const template = join('node_modules', '.cache', 'portal-e2e-template', key.digest('hex').slice(0, 16));
  if (!existsSync(join(template, 'pglite'))) {
    const tmp = `${template}.${process.pid}`;
    mkdirSync(tmp, { recursive: true });
    execFileSync(process.execPath, [join('dist', 'server', 'migrate.js')], { env: { ...process.env, DATA_DIR: tmp, DATABASE_URL: '' }, stdio: 'ignore' });
    rmSync(template, { recursive: true, force: true });
    renameSync(tmp, template);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  cpSync(join(template, 'pglite'), join(dataDir, 'pglite'), { recursive: true });
  return dataDir;
}

/** `npm run staff -- <args>` (the built CLI) on a portal's DATA_DIR: resolves with its output, rejects with its exit code. */
export const staffCli = (dataDir: string) => (...args: string[]) =>
  promisify(execFile)(process.execPath, [STAFF_CLI, ...args], { env: { ...process.env, DATA_DIR: dataDir } });

export interface RunningPortal {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
  /** The local outbox (SMS/WhatsApp/e-mail), newest first. */
  outbox(to: string): Promise<Array<{ channel: string; to: string; body: string; code: string | null }>>;
}

/**
 * Starts the built server (dist/server/main.js) with the built SPA in dist/web. Run `npm run build` first.
 * `beforeStart` runs on the fresh data directory before the server opens it (the embedded database
 * takes one process at a time), e.g. the staff CLI creating a staff account.
 */
export async function startPortal(
  env: Record<string, string> = {},
  options: { beforeStart?: (dataDir: string) => Promise<void> } = {},
): Promise<RunningPortal> {
  const port = await freePort();
  const dataDir = migratedDataDir();
  await options.beforeStart?.(dataDir);
  const child: ChildProcess = spawn(process.execPath, [SERVER], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_ENV: 'development',
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

// ---- customers made through the calls the screens make (the screens themselves are proven by
// signup-signin.e2e.ts), so each browser test spends its time on its own screen ----

export interface ApiAnswer { status: number; body: Record<string, unknown> }
export interface ApiInit { method?: string; body?: unknown; token?: string; form?: FormData }

/** One call to the running portal's API (JSON or multipart), answered as status and parsed body. */
export async function callApi(portal: RunningPortal, path: string, init: ApiInit = {}): Promise<ApiAnswer> {
  const res = await fetch(`${portal.url}/api/v1${path}`, {
    method: init.method ?? (init.body === undefined && !init.form ? 'GET' : 'POST'),
    headers: {
      'Accept-Language': 'pt-BR',
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** A solved ALTCHA payload for Queue_sms's `recaptcha`, solved in Node. */
export async function solvedBotCheck(portal: RunningPortal): Promise<string> {
  const challenge = (await callApi(portal, '/altcha/challenge')).body as { algorithm: string; challenge: string; salt: string; signature: string; maxnumber: number };
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  if (!solution) throw new Error('bot check not solved');
  return Buffer.from(JSON.stringify({
    algorithm: challenge.algorithm, challenge: challenge.challenge, number: solution.number, salt: challenge.salt, signature: challenge.signature,
  })).toString('base64');
}

export interface E2eCustomer { id: number; phone: string; token: string }

/**
 * Code by SMS (read from the outbox), confirm-number and a personal sign-up in Campinas: what the
 * sign-up screens send. `over` changes the sign-up payload (name, city, bill...).
 */
export async function signUpThroughApi(portal: RunningPortal, phone: string, secret: string, over: Record<string, unknown> = {}): Promise<E2eCustomer> {
  // the code request's secret, as the sign-up screen makes one: the code is tried with it
  const requestSecret = randomBytes(32).toString('base64url');
  const queued = await callApi(portal, '/queue/sms', {
    body: { phone, coupon: null, secret: requestSecret, recaptcha: await solvedBotCheck(portal), type: 'SIGN_UP', resend: false },
  });
  assert.equal(queued.status, 202, JSON.stringify(queued.body));
  const confirm = await callApi(portal, '/portal/confirm-number', { body: { phone, code: await waitForCode(portal, phone), secret: requestSecret } });
  const created = await callApi(portal, '/portal/customers', {
    body: {
      name: 'Joana Ribeiro', email: `${secret}.${phone}@exemplo.com.br`,
      state: 'SP', city: 3509502 /* Campinas */, unit_type: 'RESIDENCIAL', bill: 420, phone, coupon: null,
      hasPartnership: false, terms: true, phone_proof: String(confirm.body.phone_proof), ...over,
    },
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const token = String(created.body.access_token);
  const id = Number((await callApi(portal, '/portal/customers', { token })).body.id);
  return { id, phone, token };
}

/**
 * The bill page's one-time simulation and a readable PDF bill, then waits until the analysis job
 * has approved it and the initial proposal is sent (PROPOSAL_INITIAL PENDING).
 */
export async function sendApprovableBill(portal: RunningPortal, token: string): Promise<void> {
  assert.equal((await callApi(portal, '/portal/customers/plan-simulated', { token, body: { bill_value: 420, deadline_years: 20, nivel: 'MAX' } })).status, 200);
  const form = new FormData();
  form.append('file', new Blob([readFileSync(join(process.cwd(), 'test', 'fixtures', 'bills', 'cemig-clean-residential.pdf'))], { type: 'application/pdf' }), 'conta.pdf');
  const sent = await callApi(portal, '/portal/customers/bills?is_holder=true', { token, form });
  assert.ok(sent.status < 300, JSON.stringify(sent.body));
  const deadline = Date.now() + 30_000;
  for (;;) {
    const steps = (await callApi(portal, '/portal/customers/steps', { token })).body.data as { type: string; status: string }[];
    if (steps.some((st) => st.type === 'PROPOSAL_INITIAL' && st.status === 'PENDING')) return;
    if (Date.now() > deadline) throw new Error(`no initial proposal: ${JSON.stringify(steps)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Stores the customer's session as the portal persists it (restored on start), then opens `path`. */
export async function openSignedIn(page: Page, portal: RunningPortal, customer: { phone: string; token: string }, path: string): Promise<void> {
  await page.goto(portal.url + '/api/v1/openapi.json');
  await page.evaluate(({ token, phone }) => {
    localStorage.setItem('portal:session', JSON.stringify({ auth: { token, signed: true, phone }, user: null, schedule: null }));
  }, { token: customer.token, phone: customer.phone });
  await page.goto(portal.url + path);
  // the page's head painted from the HTML stays until the app has drawn its frame (src/web/app/earlyHead.tsx)
  await page.locator('#root:not([data-early-head])').waitFor({ state: 'attached' });
}

/**
 * Screenshots `<prefix>-<name>-desktop` and `-phone` of the page as it is now; at each size axe-core
 * must find no WCAG 2.1 A/AA problem. The page goes back to its own size afterwards.
 */
/** A new window size, and the page laid out for it: what listens to the size (a popover placing itself) has run. */
async function resized(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await page.evaluate(() => new Promise<void>((done) => { requestAnimationFrame(() => requestAnimationFrame(() => done())); }));
}

export async function shotBoth(page: Page, prefix: string, name: string): Promise<void> {
  const size = page.viewportSize();
  await resized(page, DESKTOP);
  assert.deepEqual(await accessibilityProblems(page), [], `${name} (desktop)`);
  await shot(page, `${prefix}-${name}-desktop`);
  await resized(page, PHONE);
  assert.deepEqual(await accessibilityProblems(page), [], `${name} (phone)`);
  await shot(page, `${prefix}-${name}-phone`);
  if (size) await page.setViewportSize(size);
}

/** shotBoth, and on a phone nothing is wider than the screen (the page never scrolls sideways). */
export async function shotsFitting(page: Page, prefix: string, name: string): Promise<void> {
  await shotBoth(page, prefix, name);
  const size = page.viewportSize();
  await resized(page, PHONE);
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(wide <= 0, `${name}: ${wide} px wider than a phone`);
  if (size) await page.setViewportSize(size);
}

/**
 * A staff account made with the staff CLI in a portal's data directory (startPortal's
 * `beforeStart`, so the server opens the database after it): the staff member's bearer token.
 */
export async function createStaffIn(dataDir: string, name: string, email: string): Promise<string> {
  const created = await staffCli(dataDir)('create-staff', '--name', name, '--email', email);
  const token = /token \(shown once\): (\S+)/.exec(created.stdout)?.[1];
  if (!token) throw new Error(`no staff token:\n${created.stdout}`);
  return token;
}
