import { UPLOAD_MIME } from '#shared/bill/rules';

/** Sends a stored file as a download: never rendered inline by the browser. */
export function attachment(bytes: Uint8Array, kind: keyof typeof UPLOAD_MIME, name: string): Response {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return new Response(Buffer.from(bytes), {
    headers: {
      'Content-Type': UPLOAD_MIME[kind],
      'Content-Length': String(bytes.byteLength),
      'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  });
}
