/**
 * Hashes and verification of contract PDFs. The original contract's SHA-256 is printed on the
 * signature page and kept in the signed PDF's metadata; the signed PDF's own SHA-256 is what the
 * server stores at signing, and verification is recomputing it: any changed byte fails.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { PdfThread } from '../pdf/pdfThread';

/** Custom entry of the signed PDF's document information holding the original's SHA-256. */
export const ORIGINAL_HASH_INFO_KEY = 'OriginalSHA256';
/** The same hash among the signed PDF's keywords (what ordinary PDF readers show). */
export const ORIGINAL_HASH_KEYWORD = 'sha256-original:';

const HEX64 = /^[0-9a-f]{64}$/;

/** Lowercase hex SHA-256 of `bytes`. */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** True when `bytes` hash to `storedHash` (hex, any case); false for a malformed stored hash. */
export function verifyAgainst(bytes: Uint8Array, storedHash: string): boolean {
  const expected = storedHash.trim().toLowerCase();
  if (!HEX64.test(expected)) return false;
  return timingSafeEqual(Buffer.from(sha256Hex(bytes), 'hex'), Buffer.from(expected, 'hex'));
}

// anyone may send a PDF to verify: it is read in the PDF thread (its own, with its time-out and
// the decoded-size cap), never by a parser on the server's main thread (issue 29, F2)
const reader = new PdfThread();
const METADATA_TIMEOUT_MS = 10_000;

/**
 * The original document's SHA-256 recorded in a signed PDF's metadata (custom info entry, then
 * keywords), or null when there is none or the bytes are not a PDF the reader opens in time.
 */
export async function originalHashOf(signedBytes: Uint8Array): Promise<string | null> {
  const outcome = await reader.run('metadata', signedBytes, METADATA_TIMEOUT_MS);
  if (outcome.kind !== 'done') return null;
  const found = outcome.items[0] as { keywords: string; custom: Record<string, string> } | undefined;
  const custom = found?.custom[ORIGINAL_HASH_INFO_KEY]?.trim().toLowerCase();
  if (custom && HEX64.test(custom)) return custom;
  for (const keyword of (found?.keywords ?? '').split(/\s+/)) {
    if (keyword.startsWith(ORIGINAL_HASH_KEYWORD)) {
      const hash = keyword.slice(ORIGINAL_HASH_KEYWORD.length).toLowerCase();
      if (HEX64.test(hash)) return hash;
    }
  }
  return null;
}

export interface SignedPdfCheck {
  /** The bytes hash to the stored signed hash. */
  valid: boolean;
  /** SHA-256 of the bytes as given. */
  signed_sha256: string;
  /** The original's SHA-256 read from the metadata (informative: the check is `valid`). */
  original_sha256: string | null;
}

/** Recomputes the signed PDF's SHA-256 against the one stored at signing, and reads the original's hash. */
export async function verifySignedPdf(bytes: Uint8Array, expectedSignedHash: string): Promise<SignedPdfCheck> {
  return {
    valid: verifyAgainst(bytes, expectedSignedHash),
    signed_sha256: sha256Hex(bytes),
    original_sha256: await originalHashOf(bytes),
  };
}
