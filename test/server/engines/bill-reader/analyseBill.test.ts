import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyseBill, BILL_ILLEGIBLE, sniffBillFile } from '../../../../src/server/engines/bill-reader';
import { CORPUS_DIR } from './corpus';

const fixture = (name: string) => new Uint8Array(readFileSync(join(CORPUS_DIR, name)));

describe('analyseBill follows the file content, not the declared type', () => {
  it('reads a PDF declared as an image', async () => {
    const a = await analyseBill(fixture('light-clean-residential.pdf'), 'image/png');
    expect(a.status).toBe('APPROVED');
    expect(a.distributor).toBe('LIGHT');
  });

  it('hands images to a person, whatever they are declared as', async () => {
    expect(await analyseBill(fixture('photo-bill.png'), 'application/pdf')).toMatchObject({ status: 'WAITING', review_notes: ['image-file'], confidence: 0 });
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);
    expect(sniffBillFile(jpeg)).toBe('jpeg');
    expect((await analyseBill(jpeg, 'image/jpeg')).status).toBe('WAITING');
  });

  it('disapproves empty, unknown and broken files as illegible (re-upload allowed)', async () => {
    const broken = fixture('cemig-clean-residential.pdf').slice(0, 600);
    for (const bytes of [new Uint8Array(0), new TextEncoder().encode('isto não é um PDF'), broken]) {
      expect(await analyseBill(bytes, 'application/pdf')).toMatchObject({ status: 'DISAPPROVED', justification_disapproved: BILL_ILLEGIBLE });
    }
  });

  it('leaves the caller\'s bytes intact (a Node Buffer from the upload)', async () => {
    const buffer = readFileSync(join(CORPUS_DIR, 'copel-clean-residential.pdf'));
    const before = Buffer.from(buffer);
    expect((await analyseBill(buffer, 'application/pdf')).status).toBe('APPROVED');
    expect(buffer.equals(before)).toBe(true);
  });

  it('waits for a person on a PDF without a text layer', async () => {
    expect(await analyseBill(fixture('scanned-bill.pdf'), 'application/pdf')).toMatchObject({ status: 'WAITING', review_notes: ['no-text-layer'] });
  });

  it('gives up on a PDF that takes too long and lets a person look', async () => {
    expect(await analyseBill(fixture('cemig-noisy.pdf'), 'application/pdf', { timeoutMs: 1 })).toMatchObject({ status: 'WAITING', review_notes: ['reader-timeout'] });
    // The reader still works afterwards.
    expect((await analyseBill(fixture('cemig-noisy.pdf'), 'application/pdf')).status).toBe('APPROVED');
  });
});
