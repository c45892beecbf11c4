import { existsSync } from 'node:fs';
import type { ViteDevServer } from 'vite';
import type { Browser, Page } from 'playwright-core';

/**
 * The public pages in Debian's Chromium, served by Vite's dev server (no build, no API: the landing
 * and welcome pages call none without a session). For what only a real layout shows: lines that
 * wrap, a row that scrolls. Skipped where Chromium is not installed.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM_PATH);

export interface PublicPages {
  open(path: string, viewport: { width: number; height: number }, options?: { reducedMotion?: boolean }): Promise<Page>;
  close(): Promise<void>;
}

export async function publicPages(): Promise<PublicPages> {
  const { createServer } = await import('vite');
  const { chromium } = await import('playwright-core');
  const vite: ViteDevServer = await createServer({ configFile: 'vite.config.ts', logLevel: 'error', server: { port: 0, host: '127.0.0.1', hmr: false } });
  await vite.listen();
  const address = vite.httpServer?.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--headless', '--no-sandbox', '--disable-gpu'], headless: true });
  return {
    async open(path, viewport, options = {}) {
      const context = await browser.newContext({ viewport, locale: 'pt-BR', reducedMotion: options.reducedMotion ? 'reduce' : 'no-preference' });
      const page = await context.newPage();
      await page.goto(origin + path, { waitUntil: 'networkidle' });
      return page;
    },
    async close() {
      await browser.close();
      await vite.close();
    },
  };
}

/** How many lines an element's text takes (its height over its line height). */
export const linesOf = (page: Page, selector: string): Promise<number> =>
  page.locator(selector).first().evaluate((el) => {
    const style = getComputedStyle(el);
    const range = document.createRange();
    range.selectNodeContents(el);
    const lineHeight = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.2;
    return Math.round(range.getBoundingClientRect().height / lineHeight);
  });
