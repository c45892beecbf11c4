import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import type { Context } from 'hono';
import { MAX_UPLOAD_BYTES, type UploadKind } from '#shared/bill/rules';
import { MULTIPART_ENVELOPE_BYTES } from '#shared/endpoint';
import { DomainError } from '../errors';
import { sniffBillFile } from '../engines/bill-reader/index';
import { newStagingName } from '../providers/storage/index';
import { checkUploadContent } from './uploadContent';

/** A file received whole into a staging file; the caller saves it or calls `discard`. */
export interface StagedUpload {
  path: string;
  size: number;
  kind: UploadKind;
  /** the name the browser gave, for display only */
  originalName: string;
  discard(): Promise<void>;
}

/** C0 controls, DEL and C1 controls: never part of a file name a customer chose. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;


/**
 * Reads one multipart file field into `stagingDir`, counting bytes as they stream: past 10 MB (a
 * file of exactly 10,485,760 bytes passes) the request is cut off with 413 and the staging file
 * deleted. The type comes from the first bytes (PDF, PNG, JPEG), never from the name or the
 * declared type, and the whole content must bear it out (uploadContent.ts: a PDF opens with the PDF
 * reader, an image declares a size it may be decoded at); refused files are deleted.
 */
export async function receiveUpload(c: Context, stagingDir: string, field = 'file'): Promise<StagedUpload> {
  const files = await receiveUploads(c, stagingDir, [field]);
  const file = files[field];
  if (!file) throw new DomainError('UPLOAD_MISSING', { field });
  return file;
}

interface Received { path: string; size: number; head: Uint8Array; originalName: string }

/**
 * Several file fields of one multipart request (a document's front and back; a company's three
 * documents), each read as `receiveUpload` reads one, each at most 10 MB. All or nothing: when any
 * file is refused, every staging file of the request is deleted. Fields not sent are absent from
 * the answer; the caller says which it requires.
 */
export async function receiveUploads(c: Context, stagingDir: string, fields: readonly string[]): Promise<Partial<Record<string, StagedUpload>>> {
  const first = fields[0] ?? 'file';
  const contentType = c.req.header('Content-Type') ?? '';
  if (!/^multipart\/form-data/i.test(contentType)) throw new DomainError('UPLOAD_MISSING', { field: first });
  const declared = Number(c.req.header('Content-Length') ?? NaN);
  if (declared > fields.length * MAX_UPLOAD_BYTES + MULTIPART_ENVELOPE_BYTES) throw new DomainError('UPLOAD_TOO_LARGE', { field: first });
  const body = c.req.raw.body;
  if (!body) throw new DomainError('UPLOAD_MISSING', { field: first });
  await mkdir(stagingDir, { recursive: true });
  // named after this process, so a restart removes what a crash left without touching the uploads
  // another live process (sharing the directory) is receiving
  const paths = new Map<string, string>(fields.map((f) => [f, join(stagingDir, newStagingName())]));
  const streams = new Map<string, WriteStream>();
  // A write stream destroyed while its file is still being opened creates the file afterwards:
  // discard closes it and waits, so no staging file outlives a refused or broken upload.
  const discardOne = async (field: string) => {
    const out = streams.get(field);
    if (out && !out.closed) await new Promise<void>((closed) => { out.once('close', () => closed()); out.destroy(); });
    await rm(paths.get(field)!, { force: true });
  };
  const discardAll = () => Promise.all(fields.map(discardOne));

  const received = await new Promise<Map<string, Received>>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      // busboy cuts a file off when it REACHES `fileSize` (and emits 'limit'): one byte more than
      // the 10 MB allowed, so a file of exactly 10 MB arrives whole and only a larger one trips it.
      // browsers send a name's UTF-8 bytes as they are ("Orçamento.pdf"); busboy would read them as latin1
      parser = busboy({ headers: { 'content-type': contentType }, defParamCharset: 'utf8', limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: fields.length, fields: 20, fieldSize: 4096 } });
    } catch {
      reject(new DomainError('UPLOAD_MISSING', { field: first }));
      return;
    }
    const input = Readable.fromWeb(body as WebReadableStream<Uint8Array>);
    let settled = false;
    const writings = new Map<string, Promise<Received>>();
    const fail = (e: unknown) => {
      if (settled) return;
      settled = true;
      input.unpipe(parser);
      input.destroy();
      reject(e);
    };
    parser.on('file', (name, stream, info) => {
      const path = paths.get(name);
      if (!path || writings.has(name)) {
        stream.resume();
        return;
      }
      if (CONTROL_CHARACTER.test(info.filename ?? '')) {
        // a NUL or escape in the name (RFC 5987 `filename*=UTF-8''%00`): the request is malformed,
        // refused before anything is written (the database would refuse the NUL later with a 500)
        stream.resume();
        fail(new DomainError('VALIDATION', { field: name }));
        return;
      }
      const writing = new Promise<Received>((done, failed) => {
        const out = createWriteStream(path, { flags: 'wx' });
        streams.set(name, out);
        let size = 0;
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => {
          if (size < 1024) chunks.push(chunk);
          size += chunk.length;
        });
        stream.on('limit', () => {
          out.destroy();
          failed(new DomainError('UPLOAD_TOO_LARGE', { field: name }));
        });
        stream.on('error', failed);
        out.on('error', failed);
        out.on('finish', () => done({ path, size, head: new Uint8Array(Buffer.concat(chunks).subarray(0, 1024)), originalName: info.filename || 'arquivo' }));
        stream.pipe(out);
      });
      writings.set(name, writing);
      writing.catch(fail);
    });
    parser.on('error', fail);
    input.on('error', fail);
    parser.on('close', () => {
      if (settled) return;
      Promise.all([...writings].map(async ([name, w]) => [name, await w] as const)).then((done) => {
        if (!settled) { settled = true; resolve(new Map(done)); }
      }, fail);
    });
    input.pipe(parser);
  }).catch(async (e: unknown) => {
    await discardAll();
    // A body that breaks off midway (closed connection) is not the customer's fault to name: generic 400.
    throw e instanceof DomainError ? e : new DomainError('UPLOAD_MISSING', { field: first });
  });

  const out: Partial<Record<string, StagedUpload>> = {};
  try {
    for (const [field, r] of received) {
      if (r.size === 0) throw new DomainError('UPLOAD_EMPTY', { field });
      const kind = sniffBillFile(r.head);
      if (kind === 'unknown') throw new DomainError('UPLOAD_UNSUPPORTED', { field });
      await checkUploadContent(r.path, kind, field);
      out[field] = { path: r.path, size: r.size, kind, originalName: r.originalName.slice(0, 200), discard: () => discardOne(field) };
    }
  } catch (e) {
    await discardAll();
    throw e;
  }
  // fields that were allowed but not sent leave nothing behind
  await Promise.all(fields.filter((f) => !received.has(f)).map(discardOne));
  return out;
}
