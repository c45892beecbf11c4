/**
 * `npm run bench:bundle`: builds the SPA, serves it, and for each route measures in Chromium the
 * JavaScript and CSS a first visit downloads (gzip size of each file, as a server would send it).
 * Fails when the landing route exceeds its budget.
 */
import { execSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { launchBrowser, newPage, startPortal, PHONE } from '../test/e2e/support';

const LANDING_BUDGET_KIB = 110;
const ROUTES = ['/pt', '/pt/welcome', '/pt/login', '/pt/sign-up', '/pt/sign-up/access-code', '/pt/create-account'];

const kib = (n: number) => (n / 1024).toFixed(1);

async function main(): Promise<void> {
  if (!process.argv.includes('--no-build')) execSync('npx vite build', { stdio: 'inherit' });
  const portal = await startPortal();
  const browser = await launchBrowser();
  const rows: Array<{ route: string; js: number; css: number; files: number }> = [];
  try {
    for (const route of ROUTES) {
      const { context, page } = await newPage(browser, PHONE);
      const seen = new Map<string, { kind: 'js' | 'css'; gz: number }>();
      // each body is read asynchronously: wait for every read before adding up, or late files are missed
      const reads: Promise<void>[] = [];
      page.on('response', (res) => {
        const type = res.request().resourceType();
        if (type !== 'script' && type !== 'stylesheet') return;
        reads.push(res.body().then(
          (body) => { seen.set(res.url(), { kind: type === 'script' ? 'js' : 'css', gz: gzipSync(body, { level: 9 }).length }); },
          () => { /* redirects have no body */ },
        ));
      });
      await page.goto(portal.url + route, { waitUntil: 'networkidle' });
      // the journey machine decides the screen after the entry runs: its chunks may start after the
      // first quiet moment, so wait for a second quiet moment before adding up
      await page.waitForTimeout(1000);
      await page.waitForLoadState('networkidle');
      await Promise.all(reads);
      let js = 0;
      let css = 0;
      for (const f of seen.values()) {
        if (f.kind === 'js') js += f.gz;
        else css += f.gz;
      }
      rows.push({ route, js, css, files: seen.size });
      await context.close();
    }
  } finally {
    await browser.close();
    await portal.stop();
  }
  console.log('\nFirst-visit download per route (gzip):');
  console.log('route'.padEnd(28) + 'JS KiB'.padStart(10) + 'CSS KiB'.padStart(10) + 'files'.padStart(8));
  for (const r of rows) console.log(r.route.padEnd(28) + kib(r.js).padStart(10) + kib(r.css).padStart(10) + String(r.files).padStart(8));
  const landing = rows.find((r) => r.route === '/pt');
  if (!landing || landing.js / 1024 > LANDING_BUDGET_KIB) {
    console.error(`\nLanding route JS ${landing ? kib(landing.js) : '?'} KiB exceeds the ${LANDING_BUDGET_KIB} KiB budget.`);
    process.exit(1);
  }
  console.log(`\nLanding route within budget (${kib(landing.js)} of ${LANDING_BUDGET_KIB} KiB JS).`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
