import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { appendSignaturePage, originalHashOf, sha256Hex, verifySignedPdf } from '../../../../src/server/engines/contracts';
import { evidence, readPdf } from './support';

/**
 * Contracts written and signed by the PDF library the engine used before (pdf-lib 1.17.1, see
 * test/fixtures/contracts/README.md): their recorded hashes must still verify, and a contract
 * generated then but signed now must still take its signature page.
 */
const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../../../fixtures/contracts/${name}`, import.meta.url)));
const ORIGINAL = fixture('adhesion-term-pdf-lib-1.17.1.pdf');
const SIGNED = fixture('adhesion-term-pdf-lib-1.17.1.signed.pdf');
const ORIGINAL_SHA256 = '3dd55fb822e89f396519ea45794b7569513d1253b27fccfb4f4a446fd40bfac0';
const SIGNED_SHA256 = '4412b7f2195a17ffd4526fd8e798cf7f81f61865c08c09f2e83805fc135f7a9d';

describe('contracts stored before the PDF library changed', () => {
  it('a signed one verifies against its recorded hash and names its original', async () => {
    expect(await verifySignedPdf(SIGNED, SIGNED_SHA256)).toEqual({ valid: true, signed_sha256: SIGNED_SHA256, original_sha256: ORIGINAL_SHA256 });
    expect(sha256Hex(ORIGINAL)).toBe(ORIGINAL_SHA256);
    expect(await originalHashOf(ORIGINAL)).toBeNull();
  });

  it('one generated then and signed now keeps its pages and records its hash', async () => {
    const signed = await appendSignaturePage(ORIGINAL, evidence());
    expect(await originalHashOf(signed)).toBe(ORIGINAL_SHA256);
    const before = await readPdf(ORIGINAL);
    const after = await readPdf(signed);
    expect(after.pages.slice(0, -1)).toEqual(before.pages);
    expect(after.pages.at(-1)).toContain(ORIGINAL_SHA256);
    expect((await verifySignedPdf(signed, sha256Hex(signed))).valid).toBe(true);
  });
});
