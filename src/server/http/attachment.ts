import { downloadName, UPLOAD_MIME, type UploadKind } from '#shared/bill/rules';

/**
 * Sends a stored file as a download: never rendered inline by the browser. The server names it:
 * `name` without its extension plus the extension of `kind`, the type detected from the content
 * when it was received (a customer's `fatura.html` stored as a PDF comes back as a `.pdf`); the
 * Content-Type is that type's. The name goes in `filename` (ASCII) and RFC 5987 `filename*` (UTF-8).
 */
export function attachment(bytes: Uint8Array, kind: UploadKind, name: string): Response {
  const fileName = downloadName(name, kind);
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  // RFC 5987 attr-chars: encodeURIComponent leaves ' ( ) * as they are, which filename* may not hold
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return new Response(Buffer.from(bytes), {
    headers: {
      'Content-Type': UPLOAD_MIME[kind],
      'Content-Length': String(bytes.byteLength),
      'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  });
}
