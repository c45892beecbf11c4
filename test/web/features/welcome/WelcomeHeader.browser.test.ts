import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, linesOf, publicPages, type PublicPages } from '../landing/browser';

/**
 * The welcome page's header on phones, laid out by Chromium: the brand name and 'Acessar o portal'
 * each stay on one line, side by side on a 390 px phone (and a 360 px one), inside the screen.
 */
let pages: PublicPages;
beforeAll(async () => { if (hasChromium) pages = await publicPages(); }, 120_000);
afterAll(async () => { await pages?.close(); });

describe.skipIf(!hasChromium)('welcome header on a phone (Chromium)', () => {
  for (const width of [390, 360]) {
    it(`${width} px: brand and 'Acessar o portal' on one line each, on one row, inside the screen`, async () => {
      const page = await pages.open('/pt/welcome', { width, height: 844 });
      const button = page.getByRole('button', { name: 'Acessar o portal' });
      await button.waitFor();
      expect(await linesOf(page, 'header [aria-label="Sol de Casa"] > span')).toBe(1);
      expect(await linesOf(page, 'header button:has-text("Acessar o portal")')).toBe(1);
      const brand = (await page.getByRole('button', { name: 'Página inicial' }).boundingBox())!;
      const portal = (await button.boundingBox())!;
      // one row: the button beside the brand, not below it
      expect(Math.abs((brand.y + brand.height / 2) - (portal.y + portal.height / 2))).toBeLessThan(4);
      expect(portal.x + portal.width).toBeLessThanOrEqual(width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.context().close();
    }, 60_000);
  }
});
