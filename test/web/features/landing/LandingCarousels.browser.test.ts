import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasChromium, publicPages, type PublicPages } from './browser';

/**
 * The landing page's carousels laid out by Chromium: on a phone each list is one card per view in
 * a row, the benefits row moves on by itself after 5 s (not with reduced motion), the buttons move
 * it, and the page never scrolls sideways; on a desktop both are grids.
 */
let pages: PublicPages;
beforeAll(async () => { if (hasChromium) pages = await publicPages(); }, 120_000);
afterAll(async () => { await pages?.close(); });

/** the row of a carousel (by its name) and where it is scrolled to, in cards */
const rowOf = (page: Page, name: string) => page.getByRole('group', { name, exact: true }).locator('[aria-live]');
const cardShown = (page: Page, name: string) => rowOf(page, name).evaluate((row) => {
  const card = (row.children[1] as HTMLElement).offsetLeft - (row.children[0] as HTMLElement).offsetLeft;
  return Math.round(row.scrollLeft / card);
});

describe.skipIf(!hasChromium)('landing carousels (Chromium)', () => {
  it('390 px: one card per view; the benefits turn after 5 s; the buttons move the steps; no sideways page scroll', async () => {
    const page = await pages.open('/pt', { width: 390, height: 844 });
    await page.getByRole('group', { name: 'Benefícios' }).waitFor();
    const row = rowOf(page, 'Benefícios');
    const [rowBox, firstCard] = [(await row.boundingBox())!, (await row.locator('> *').first().boundingBox())!];
    expect(Math.abs(firstCard.width - (rowBox.width - 8))).toBeLessThan(2); // the row's width less its 4 px shadow room each side
    expect(await cardShown(page, 'Benefícios')).toBe(0);
    await page.waitForTimeout(5800);
    expect(await cardShown(page, 'Benefícios')).toBe(1);
    expect(await page.getByRole('group', { name: '2 de 3' }).getAttribute('aria-hidden')).toBeNull();

    await page.getByRole('button', { name: 'Próxima etapa' }).click();
    await page.waitForTimeout(900);
    expect(await cardShown(page, 'Etapas')).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.context().close();
  }, 60_000);

  it('390 px with reduced motion: the benefits stay until asked', async () => {
    const page = await pages.open('/pt', { width: 390, height: 844 }, { reducedMotion: true });
    await page.getByRole('group', { name: 'Benefícios' }).waitFor();
    await page.waitForTimeout(5800);
    expect(await cardShown(page, 'Benefícios')).toBe(0);
    await page.getByRole('button', { name: 'Próximo benefício' }).click();
    await page.waitForTimeout(300);
    expect(await cardShown(page, 'Benefícios')).toBe(1);
    await page.context().close();
  }, 60_000);

  it('1280 px: grids (three benefits and four steps side by side), no carousel buttons', async () => {
    const page = await pages.open('/pt', { width: 1280, height: 900 });
    await page.getByRole('heading', { name: 'Como funciona' }).waitFor();
    expect(await page.getByRole('group', { name: 'Benefícios' }).count()).toBe(0);
    expect(await page.getByRole('group', { name: 'Etapas' }).count()).toBe(0);
    const tops = async (selector: string) => new Set(await page.locator(selector).evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top))));
    expect((await tops('section[aria-labelledby="landing-benefits"] li')).size).toBe(1);
    expect((await tops('#como-funciona li')).size).toBe(1);
    expect(await page.getByRole('button').count()).toBe(1);
    await page.context().close();
  }, 60_000);
});
