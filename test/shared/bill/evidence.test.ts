import { describe, expect, test } from 'vitest';
import { evidenceBox, imagePageUnits, IMAGE_PAGE_UNITS } from '#shared/bill/evidence';

describe('evidence boxes on the bill as drawn', () => {
  const a4 = { width: 595, height: 842 };

  test('a run near the top left of an A4 page is boxed near the top left, around its baseline', () => {
    const box = evidenceBox({ text: 'R$ 281,40', page: 1, x: 400, y: 800 }, a4);
    expect(box.left).toBeCloseTo((400 - 2) / 595, 5);
    // top of the box above the baseline, which is 42 points from the top
    expect(box.top * 842).toBeLessThan(42);
    expect(box.top * 842 + box.height * 842).toBeGreaterThan(42);
    // wider for a longer run
    expect(evidenceBox({ text: 'R$ 1.281,40 vencimento', page: 1, x: 400, y: 800 }, a4).width).toBeGreaterThan(box.width);
  });

  test('a run at the page\'s edge stays inside the page', () => {
    const box = evidenceBox({ text: 'texto muito longo no canto', page: 1, x: 590, y: 2 }, a4);
    expect(box.left + box.width).toBeLessThanOrEqual(1);
    expect(box.top + box.height).toBeLessThanOrEqual(1);
    expect(box.left).toBeGreaterThanOrEqual(0);
  });

  test('a photo is read 595 units wide: its height in units follows its proportions', () => {
    expect(imagePageUnits(1190, 1684)).toEqual({ width: IMAGE_PAGE_UNITS, height: 842 });
    const box = evidenceBox({ text: '350', page: 1, x: 297.5, y: 421 }, imagePageUnits(1190, 1684));
    expect(box.left).toBeCloseTo(0.5 - 2 / 595, 5);
    expect(box.top).toBeGreaterThan(0.48);
    expect(box.top).toBeLessThan(0.5);
  });
});
