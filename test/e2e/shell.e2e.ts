/**
 * Issue 10, fast pages: the public pages arrive rendered at build time, readable without
 * JavaScript, compressed and revalidated; with JavaScript the same screen takes over in place (no
 * 'Carregando…', no layout shift) and works.
 * Issue 4, the signed-in frame, in Chromium against the production build and a real server whose
 * queue worker runs the virtual assistant: the side navigation opens one second after it loads,
 * waits while the bill is analysed and shows the outcome's status; the header bell then counts the
 * bill's notification, and opening and closing it marks it read on the server. On a phone the
 * drawer holds the FAQ, whose search filters the questions.
 * Screenshots at phone and desktop sizes land in test-results/screens (shell-*).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  DESKTOP, PHONE, accessibilityProblems, callApi, launchBrowser, newPage, openSignedIn, sendApprovableBill, shot, signUpThroughApi, startPortal,
  type ApiInit, type E2eCustomer, type RunningPortal,
} from './support';
import { messages as m } from '../../src/shared/messages';

let portal: RunningPortal;
let browser: Browser;

before(async () => {
  // the worker looks for analysis jobs often, so outcomes arrive within the page's 2 s poll
  portal = await startPortal({ QUEUE_POLL_MS: '200' });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await portal?.stop();
});

let cellSeq = 0;
const newCell = () => `11975${String(process.pid % 1000).padStart(3, '0')}${String(++cellSeq).padStart(3, '0')}`;

const api = (path: string, init?: ApiInit) => callApi(portal, path, init);

type Customer = E2eCustomer;

/** The calls the sign-up screens make (they are proven by signup-signin.e2e.ts). */
const signUpCustomer = (): Promise<Customer> => signUpThroughApi(portal, '55' + newCell(), 'shell-e2e', { name: 'Marcos Tavares', bill: 380 });

async function openPortal(customer: Customer, viewport: { width: number; height: number }): Promise<Page> {
  const { page } = await newPage(browser, viewport);
  await openSignedIn(page, portal, customer, '/pt/bill');
  await page.getByRole('heading', { name: 'Conta de luz', level: 1 }).waitFor();
  return page;
}

const billItem = (page: Page) => page.getByRole('navigation', { name: 'Etapas da sua jornada' }).first().getByRole('link', { name: /Conta de luz/ });

async function waitEnabled(page: Page, name: RegExp | string): Promise<void> {
  const link = page.getByRole('navigation', { name: 'Etapas da sua jornada' }).first().getByRole('link', { name });
  await page.waitForFunction((el) => el?.getAttribute('aria-disabled') === null, await link.elementHandle(), { timeout: 15_000 });
}

describe('signed-in frame', () => {
  let customer: Customer;

  test('the menu follows the bill; the bell counts its notification, and opening and closing it marks it read', async () => {
    customer = await signUpCustomer();
    const page = await openPortal(customer, DESKTOP);
    // drawn disabled at first, open one second after the menu loaded
    await waitEnabled(page, /Conta de luz/);
    assert.match((await billItem(page).textContent()) ?? '', /não enviada/);
    assert.deepEqual(await accessibilityProblems(page), [], 'menu (desktop)');
    await shot(page, 'shell-menu-desktop');
    // the first Tab shows 'Pular para o conteúdo' on screen; Enter puts the keyboard on the page
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Pular para o conteúdo' });
    assert.equal(await skip.evaluate((el) => el === document.activeElement), true);
    const box = await skip.boundingBox();
    assert.ok(box && box.y >= 0 && box.height > 0, `skip link on screen: ${JSON.stringify(box)}`);
    await shot(page, 'shell-skip-link-desktop');
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => document.activeElement?.tagName), 'MAIN');

    await page.getByRole('radio', { name: 'Sim' }).locator('xpath=ancestor::label').click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Escolher arquivo' }).first().click();
    await (await chooser).setFiles(join(process.cwd(), 'test', 'fixtures', 'bills', 'cemig-clean-residential.pdf'));
    await page.getByRole('button', { name: m['bill.submit'] }).click();
    const sent = page.getByRole('dialog', { name: m['bill.sent.title'] });
    await sent.waitFor();
    // the menu reloads right after the upload: while the bill is read the list waits (not asserted
    // here, the analysis may already be over; test/web/app/shell.test.tsx holds it still)
    if (await billItem(page).filter({ hasText: 'em análise' }).waitFor({ timeout: 1_500 }).then(() => true, () => false)) {
      await shot(page, 'shell-menu-analysing-desktop');
    }
    await sent.getByRole('button', { name: m['bill.sent.ok'] }).click();

    // the outcome arrives; the menu reloads with it and the list opens again with the next step
    await page.getByRole('heading', { name: m['bill.outcome.approved'] }).waitFor({ timeout: 20_000 });
    await page.waitForFunction((el) => /conta aprovada/.test(el?.textContent ?? ''), await billItem(page).elementHandle(), { timeout: 10_000 });
    await waitEnabled(page, 'Proposta inicial');

    const bell = page.getByRole('button', { name: /^Notificações, \d+ não lidas?$/ });
    await bell.waitFor({ timeout: 10_000 });
    const before = Number(/(\d+)/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1]);
    assert.ok(before >= 1);
    await shot(page, 'shell-bell-desktop');
    await bell.click();
    const list = page.getByRole('dialog', { name: 'Notificações' });
    await list.waitFor();
    const item = list.getByRole('button', { name: /Sua conta de luz foi aprovada!/ });
    await item.click();
    assert.equal(await item.getAttribute('aria-expanded'), 'true');
    assert.deepEqual(await accessibilityProblems(page), [], 'bell list open (desktop)');
    await shot(page, 'shell-bell-open-desktop');
    await list.getByRole('button', { name: 'Fechar' }).click();

    const after = before - 1;
    const label = after === 0 ? 'Notificações, nenhuma não lida' : after === 1 ? 'Notificações, 1 não lida' : `Notificações, ${after} não lidas`;
    await page.getByRole('button', { name: label }).waitFor();
    const stored = await api('/portal/notifications', { token: customer.token });
    const approved = (stored.body.data as { message: string; status: string }[]).find((n) => n.message === 'Sua conta de luz foi aprovada!');
    assert.equal(approved?.status, 'READ');
    // the list reloads 700 ms later and shows it read
    await page.waitForTimeout(900);
    assert.doesNotMatch((await item.textContent()) ?? '', /Não lida/);
    await shot(page, 'shell-bell-read-desktop');
    await page.close();
  });

  test('on a phone the drawer has the FAQ; its search filters the questions by title', async () => {
    const page = await openPortal(customer, PHONE);
    await shot(page, 'shell-bill-phone');
    // by keyboard: the bell opens the list, Tab reaches a notification, Esc closes and gives focus back
    await page.getByRole('button', { name: /^Notificações, / }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Notificações' }).waitFor();
    await page.keyboard.press('Tab');
    assert.match(await page.evaluate(() => document.activeElement?.textContent ?? ''), /Sua proposta inicial|Sua conta de luz/);
    assert.deepEqual(await accessibilityProblems(page), [], 'bell list (phone)');
    await shot(page, 'shell-bell-phone');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Notificações' }).waitFor({ state: 'detached' });
    // react-aria gives focus back in the frame after the list unmounts
    await page.waitForFunction(() => /^Notificações, /.test(document.activeElement?.getAttribute('aria-label') ?? ''), undefined, { timeout: 2_000 });

    await page.getByRole('button', { name: 'Abrir menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.waitFor();
    await waitEnabled(page, 'Proposta inicial');
    assert.deepEqual(await accessibilityProblems(page), [], 'drawer (phone)');
    await shot(page, 'shell-drawer-phone');
    await drawer.getByRole('link', { name: 'Perguntas frequentes' }).click();
    const faq = page.getByRole('dialog', { name: m['faq.title'] });
    await faq.waitFor();
    await page.waitForTimeout(400); // the sheet's entrance animation
    assert.deepEqual(await accessibilityProblems(page), [], 'FAQ (phone)');
    await shot(page, 'shell-faq-phone');
    await faq.getByRole('searchbox', { name: 'Buscar pergunta' }).fill('visita');
    const question = faq.getByRole('button', { name: 'A visita técnica tem custo?' });
    await question.click();
    await faq.getByText(/A visita técnica é gratuita/).waitFor();
    assert.equal(await faq.getByRole('button', { expanded: false }).count(), 0);
    await page.waitForTimeout(300);
    await shot(page, 'shell-faq-search-phone');
    await page.close();
  });
});

describe('public pages rendered at build time', () => {
  const PAGES = [
    { url: '/pt', heading: /Energia solar na sua casa/, title: 'Portal Sol de Casa' },
    { url: '/pt/welcome', heading: /.+/, title: 'Boas-vindas | Sol de Casa' },
    { url: '/pt/login', heading: 'Acesse sua conta', title: 'Entrar | Sol de Casa' },
    { url: '/pt/sign-up', heading: 'Crie sua conta', title: 'Cadastro | Sol de Casa' },
  ];

  test('without JavaScript each public page shows its screen, sent as brotli and revalidated', async () => {
    const context = await browser.newContext({ viewport: PHONE, locale: 'pt-BR', javaScriptEnabled: false });
    const page = await context.newPage();
    for (const { url, heading, title } of PAGES) {
      const res = await page.goto(portal.url + url);
      assert.equal(res?.headers()['content-encoding'], 'br', url);
      assert.equal(res?.headers()['cache-control'], 'no-cache', url);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 5_000 });
      assert.equal(await page.title(), title);
      assert.equal(await page.getByText('Carregando…').count(), 0, url);
    }
    await shot(page, 'prerendered-landing-nojs-phone');
    await context.close();
  });

  test('with JavaScript the same screen takes over in place: no Carregando…, no layout shift, and it works', async () => {
    for (const { url, heading } of PAGES) {
      const { context, page } = await newPage(browser, PHONE);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      page.on('console', (msg) => { if (msg.type() === 'error') errors.push(msg.text()); });
      const scripts: Array<Promise<string | undefined>> = [];
      page.on('response', (r) => { if (r.request().resourceType() === 'script') scripts.push(r.allHeaders().then((h) => h['cache-control'])); });
      // what the screen shows between the first paint and the app: the heading node that was painted first, any loading text, layout shifts
      await page.addInitScript(() => {
        const w = window as unknown as { firstHeading?: Element | null; sawLoading?: boolean; shifts?: number };
        w.shifts = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) if (!e.hadRecentInput) w.shifts! += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
        new MutationObserver(() => {
          w.firstHeading ??= document.querySelector('#root h1');
          if (document.body?.textContent?.includes('Carregando')) w.sawLoading = true;
        }).observe(document, { subtree: true, childList: true, characterData: true });
      });
      await page.goto(portal.url + url, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await page.waitForTimeout(300);
      const seen = await page.evaluate(() => {
        const w = window as unknown as { firstHeading?: Element | null; sawLoading?: boolean; shifts?: number };
        return { sawLoading: w.sawLoading ?? false, shifts: w.shifts ?? 0, samePaintedHeading: w.firstHeading?.isConnected ?? false };
      });
      assert.deepEqual(seen, { sawLoading: false, shifts: 0, samePaintedHeading: true }, url);
      assert.deepEqual(errors, [], url);
      // hashed code is cached for good
      assert.ok((await Promise.all(scripts)).every((h) => h === 'public, max-age=31536000, immutable'), url);
      if (url === '/pt') {
        await shot(page, 'prerendered-landing-js-phone');
        await page.getByRole('link', { name: 'Já sou cliente' }).click();
        await page.getByRole('heading', { level: 1, name: 'Acesse sua conta' }).waitFor();
        assert.equal(new URL(page.url()).pathname, '/pt/login');
      }
      if (url === '/pt/login') {
        // the hydrated form is the app's: typing and the machine's validation work
        await page.getByLabel('Celular').fill('11');
        await page.getByRole('button', { name: 'Receber código por SMS' }).click();
        await page.locator('[aria-invalid="true"]').first().waitFor();
        await page.getByRole('button', { name: 'Cadastre-se' }).click();
        await page.getByRole('heading', { level: 1, name: 'Crie sua conta' }).waitFor();
      }
      await context.close();
    }
  });

  test('the page\'s code is fetched after its first paint, and what a visitor types before it arrives reaches the form', async () => {
    const { context, page } = await newPage(browser, PHONE);
    const requested: string[] = [];
    page.on('request', (r) => { if (r.resourceType() === 'script') requested.push(r.url()); });
    // the entry waits until the visitor has typed
    let release!: () => void;
    const typed = new Promise<void>((resolve) => { release = resolve; });
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => { await typed; await route.continue(); });
    await page.addInitScript(() => {
      const w = window as unknown as { scriptsAtFirstPaint?: number };
      requestAnimationFrame(() => { w.scriptsAtFirstPaint = performance.getEntriesByType('resource').filter((e) => (e as PerformanceResourceTiming).initiatorType === 'script' || e.name.endsWith('.js')).length; });
    });
    // the held entry keeps the load event back
    await page.goto(portal.url + '/pt/login', { waitUntil: 'domcontentloaded' });
    const phone = page.getByLabel('Celular');
    await phone.fill('11987654321');
    assert.equal(await page.evaluate(() => (window as unknown as { scriptsAtFirstPaint?: number }).scriptsAtFirstPaint), 0, 'no script before the first frame');
    release();
    // hydrated: the field's own handler masks what it holds, so the form has what was typed
    await page.waitForFunction((el) => (el as HTMLInputElement).value === '(11) 98765-4321', await phone.elementHandle(), { timeout: 10_000 });
    assert.ok(requested.some((url) => /\/assets\/index-/.test(url)));
    await context.close();
  });

  test('a button pressed, or a form sent with Enter, before the page\'s code arrives is acted on once it has', async () => {
    const { context, page } = await newPage(browser, PHONE);
    let release!: () => void;
    const pressed = new Promise<void>((resolve) => { release = resolve; });
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => { await pressed; await route.continue(); });
    await page.goto(portal.url + '/pt', { waitUntil: 'domcontentloaded' });
    // the page as its HTML alone makes it, on a phone: the rows that scroll sideways take the focus
    assert.deepEqual(await accessibilityProblems(page), [], "the landing before its code");
    await page.getByRole('button', { name: 'Para a minha casa' }).click();
    await page.waitForTimeout(300);
    assert.equal(new URL(page.url()).pathname, '/pt', 'nothing happens while the code is held');
    release();
    await page.waitForURL(/\/pt\/sign-up$/, { timeout: 10_000 });
    await page.getByRole('heading', { level: 1, name: 'Crie sua conta' }).waitFor();
    await page.unroute(/\/assets\/index-[^/]+\.js$/);

    // the sign-in form sent with Enter: not sent natively (the phone would be in the URL), but by
    // the app once hydrated, whose validation then speaks
    let releaseLogin!: () => void;
    const sent = new Promise<void>((resolve) => { releaseLogin = resolve; });
    const fresh = await context.newPage();
    await fresh.route(/\/assets\/index-[^/]+\.js$/, async (route) => { await sent; await route.continue(); });
    await fresh.goto(portal.url + '/pt/login', { waitUntil: 'domcontentloaded' });
    await fresh.getByLabel('Celular').fill('11');
    await fresh.getByLabel('Celular').press('Enter');
    await fresh.waitForTimeout(300);
    assert.equal(new URL(fresh.url()).search, '', 'the form is not sent natively');
    releaseLogin();
    await fresh.locator('[aria-invalid="true"]').first().waitFor({ timeout: 10_000 });
    assert.equal(new URL(fresh.url()).pathname + new URL(fresh.url()).search, '/pt/login');
    await context.close();
  });

  test('a signed-in reload paints the page\'s head from its HTML and fetches the frame\'s and the screen\'s code and first reads beside the entry', async () => {
    // at the visit step: the visit page reads its visit and the calendar as it opens
    const customer = await signUpCustomer();
    await sendApprovableBill(portal, customer.token);
    assert.equal((await api(`/admin/customers/${customer.id}/approve/proposal`, { method: 'PUT', token: customer.token })).status, 200);
    const { context, page } = await newPage(browser, PHONE);
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => { await held; await route.continue(); });
    await page.goto(portal.url + '/api/v1/openapi.json');
    await page.evaluate(({ token, phone }) => {
      localStorage.setItem('portal:session', JSON.stringify({ auth: { token, signed: true, phone }, user: null, schedule: null }));
    }, { token: customer.token, phone: customer.phone });
    // the held entry keeps DOMContentLoaded back
    await page.goto(portal.url + '/pt/technical-visit', { waitUntil: 'commit' });
    // the entry is still held: what the page shows and asks for comes from its HTML alone: the
    // frame, the page's title and lead, and the loading indicator under them
    await page.getByRole('heading', { name: 'Visita técnica', level: 1 }).waitFor();
    await page.getByText(m['visit.lead']).waitFor();
    await page.getByRole('status').getByText('Carregando…').waitFor();
    assert.deepEqual(await accessibilityProblems(page), [], 'the head painted from the HTML');
    await shot(page, 'shell-early-head-phone');
    const reads = ['/api/v1/portal/customers', '/api/v1/portal/notifications', '/api/v1/portal/customers/scheduling', '/api/v1/portal/config-calendar'];
    for (const until = Date.now() + 10_000; !requested.some((path) => /^\/assets\/VisitScreen-[^/]+\.js$/.test(path)) || !reads.every((read) => requested.includes(read));) {
      assert.ok(Date.now() < until, `the visit screen's code and reads were not asked for: ${requested.join(' ')}`);
      await page.waitForTimeout(50);
    }
    assert.ok(requested.some((path) => /^\/assets\/PrivateShell-[^/]+\.js$/.test(path)), 'the frame\'s code is asked for before the entry runs');
    // (every signed-in page's CSS is inlined in index.html; its files are linked disabled, never fetched)
    const disabled = await page.locator('link[rel=stylesheet][disabled]').evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname));
    assert.ok(disabled.length > 10, `the inlined stylesheets are linked, disabled: ${disabled.join(' ')}`);
    assert.deepEqual(requested.filter((path) => disabled.includes(path)), [], 'no inlined stylesheet is fetched');
    assert.ok(!requested.some((path) => /(BillScreen|ProposalScreen)-[^/]+\.js$/.test(path)), 'other screens\' code is not fetched');
    release();
    // the page with its data, the head where it was
    await page.getByRole('textbox', { name: /^CEP/ }).waitFor();
    await page.getByRole('heading', { name: 'Visita técnica', level: 1 }).waitFor();
    await page.getByRole('button', { name: /Notificações/ }).waitFor();
    await shot(page, 'shell-early-head-loaded-phone');
    // the app took those answers instead of asking again (the visit page reads the profile once more itself)
    const count = (path: string) => requested.filter((p) => p === path).length;
    assert.deepEqual(reads.map(count), [2, 1, 1, 1], requested.filter((p) => p.startsWith('/api/')).join(' '));
    await context.close();
  });

  test('a private deep link without a session gets the app (index.html), which shows the landing page', async () => {
    const { context, page } = await newPage(browser, PHONE);
    const res = await page.goto(portal.url + '/pt/technical-visit');
    assert.equal(res?.headers()['cache-control'], 'no-cache');
    await page.getByRole('heading', { level: 1, name: /Energia solar na sua casa/ }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/pt');
    await context.close();
  });
});
