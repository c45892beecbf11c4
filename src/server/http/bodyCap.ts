import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { bodyCap, type Endpoint } from '#shared/endpoint';
import { countRefusedPayload } from '../platform/metrics';
import { DomainError } from '../errors';

/**
 * A hard cap on a call's body, whatever its content type (issue 29, F1): a declared length over
 * the cap is refused before a byte is read; a body without one (chunked) is counted as it streams
 * and cut off past the cap, never held whole in memory here. An upload's refusal speaks of the
 * file ('Tamanho do arquivo excedido!...'), any other call's of the content.
 */
export function capBody(maxBytes: number, refusal: () => DomainError): MiddlewareHandler {
  const tooLarge = () => { countRefusedPayload('body-too-large'); return refusal(); };
  return createMiddleware(async (c, next) => {
    const request = c.req.raw;
    if (!request.body) return next();
    const declared = request.headers.get('Content-Length');
    if (declared !== null && !request.headers.has('Transfer-Encoding')) {
      if (!/^\d+$/.test(declared.trim()) || Number(declared) > maxBytes) throw tooLarge();
      return next();
    }
    if (maxBytes <= BUFFERED_UP_TO) {
      // a form's body: read here up to the cap, so no parser downstream can swallow the refusal
      const bytes = await readUpTo(request.body, maxBytes);
      if (bytes === null) throw tooLarge();
      c.req.raw = new Request(request, { body: bytes });
      return next();
    }
    // an upload's: counted as it streams to disk; the upload reader answers the refusal
    let seen = 0;
    const counted = request.body.pipeThrough(new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > maxBytes) controller.error(tooLarge());
        else controller.enqueue(chunk);
      },
    }));
    c.req.raw = new Request(request, { body: counted, duplex: 'half' } as RequestInit);
    await next();
  });
}

/** Caps up to this many bytes are read whole before the handler; larger ones (uploads) stream. */
const BUFFERED_UP_TO = 1024 * 1024;

/** The body's bytes, or null as soon as it passes `maxBytes` (the rest is never read). */
async function readUpTo(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) { bytes.set(chunk, at); at += chunk.byteLength; }
  return bytes;
}

/** The cap middleware for a descriptor's route. */
export function capBodyOf(e: Endpoint): MiddlewareHandler {
  const field = e.multipart?.field;
  return capBody(bodyCap(e), () => (field
    ? new DomainError('UPLOAD_TOO_LARGE', { field })
    : new DomainError('BODY_TOO_LARGE')));
}
