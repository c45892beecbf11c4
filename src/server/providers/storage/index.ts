import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { dirname, join } from 'node:path';

/**
 * Where uploaded files live: a local directory by default, an S3-compatible bucket when configured.
 * Files arrive in a local staging file first (see multipart.ts); `save` moves one into place under
 * a random key, so nothing half-written is ever visible under a real key.
 */
export interface FileStorage {
  /** moves a finished staging file to `key` (the staging file is gone afterwards) */
  save(stagingPath: string, key: string, contentType: string): Promise<void>;
  read(key: string): Promise<Uint8Array>;
  remove(key: string): Promise<void>;
  /** a local directory for staging files while they stream in */
  stagingDir: string;
}

/**
 * A staging file's name: the receiving process's id, then random (`<pid>-<hex>.part`), so at
 * start-up a process can tell the files a crashed process left from those a live one is writing.
 */
export const newStagingName = (): string => `${process.pid}-${randomBytes(16).toString('hex')}.part`;

/** The process that wrote a staging file (null for a name of another form, e.g. from before pids were recorded). */
export function stagingFileOwner(name: string): number | null {
  const match = /^(\d+)-[0-9a-f]+\.part$/.exec(name);
  return match ? Number(match[1]) : null;
}

/** A random, unguessable storage name; the customer's file name is never used on disk. */
export const newStorageKey = (): string => {
  const id = randomBytes(24).toString('base64url');
  return `${id.slice(0, 2)}/${id}`;
};

const safeKey = (key: string): string => {
  if (!/^[A-Za-z0-9_-]{2}\/[A-Za-z0-9_-]{16,}$/.test(key)) throw new Error(`bad storage key ${key}`);
  return key;
};

/** DATA_DIR/uploads (outside the web root); staging files in DATA_DIR/uploads/.staging on the same disk, so save is a rename. */
export function localStorage(root: string): FileStorage {
  const stagingDir = join(root, '.staging');
  return {
    stagingDir,
    async save(stagingPath, key) {
      const target = join(root, safeKey(key));
      await mkdir(dirname(target), { recursive: true });
      try {
        await rename(stagingPath, target);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e;
        await copyFile(stagingPath, target);
        await rm(stagingPath, { force: true });
      }
    },
    async read(key) {
      return new Uint8Array(await readFile(join(root, safeKey(key))));
    },
    async remove(key) {
      await rm(join(root, safeKey(key)), { force: true });
    },
  };
}

export interface S3Config {
  /** e.g. https://s3.amazonaws.com or http://127.0.0.1:9000 (MinIO); path-style requests */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** one request's time-out, in ms (S3_TIMEOUT_MS, default 30 s) */
  timeoutMs?: number;
  /** tries of a request that failed by a 5xx, a 429, a time-out or a broken connection (S3_MAX_ATTEMPTS, default 3) */
  maxAttempts?: number;
}

const sha256Hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** AWS Signature Version 4 headers for one path-style request (exported for its test). */
export function signS3Request(
  cfg: S3Config, method: string, url: URL, body: Uint8Array | null, now: Date, contentType?: string, bodyHash?: string,
): Record<string, string> {
  const amzDate = now.toISOString().replace(/[:-]|\.\d{3}/g, '');
  const day = amzDate.slice(0, 8);
  const payloadHash = bodyHash ?? (body ? sha256Hex(body) : sha256Hex(''));
  const headers: Record<string, string> = {
    host: url.host,
    'x-amz-content-sha256': payloadHash,
    'x-amz-date': amzDate,
    ...(contentType ? { 'content-type': contentType } : {}),
  };
  const names = Object.keys(headers).sort();
  const canonical = [
    method,
    url.pathname.split('/').map((p) => encodeURIComponent(decodeURIComponent(p))).join('/'),
    url.searchParams.toString(),
    names.map((n) => `${n}:${headers[n]}\n`).join(''),
    names.join(';'),
    payloadHash,
  ].join('\n');
  const scope = `${day}/${cfg.region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${cfg.secretAccessKey}`, day), cfg.region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  const { host: _host, ...sent } = headers;
  return {
    ...sent,
    authorization: `AWS4-HMAC-SHA256 Credential=${cfg.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`,
  };
}

/** SHA-256 of a file, read as a stream (a large upload is never held whole in memory). */
async function fileSha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const RETRYABLE = (status: number) => status >= 500 || status === 429;

/**
 * An S3-compatible bucket (AWS, MinIO, R2...), signed by hand to avoid a large SDK. A file is
 * uploaded as a stream from its staging file (hashed in a first pass for the signature); each
 * request has a time-out, and one that fails by a 5xx, a 429, a time-out or a broken connection is
 * tried again (`maxAttempts` in all, waiting 200 ms, 400 ms... between tries).
 */
export function s3Storage(cfg: S3Config, stagingDir: string, fetchImpl: typeof fetch = fetch, clock: () => Date = () => new Date()): FileStorage {
  const urlOf = (key: string) => new URL(`${cfg.endpoint.replace(/\/$/, '')}/${cfg.bucket}/${safeKey(key)}`);
  const timeoutMs = cfg.timeoutMs ?? 30_000;
  const maxAttempts = cfg.maxAttempts ?? 3;
  type Body = { hash: string; size: number; open: () => ReadableStream<Uint8Array> } | null;
  async function send(method: string, key: string, body: Body, contentType?: string): Promise<Response> {
    const url = urlOf(key);
    for (let attempt = 1; ; attempt++) {
      const headers = signS3Request(cfg, method, url, null, clock(), contentType, body?.hash);
      let res: Response | undefined;
      let failure: unknown;
      try {
        res = await fetchImpl(url, {
          method,
          headers: body ? { ...headers, 'content-length': String(body.size) } : headers,
          signal: AbortSignal.timeout(timeoutMs),
          ...(body ? { body: body.open(), duplex: 'half' } : {}),
        } as RequestInit);
      } catch (e) {
        failure = e;
      }
      if (res && (res.ok || (method === 'DELETE' && res.status === 404))) return res;
      const retry = attempt < maxAttempts && (!res || RETRYABLE(res.status));
      if (!retry) {
        if (res) throw new Error(`S3 ${method} ${key}: ${res.status}`);
        throw new Error(`S3 ${method} ${key}: ${failure instanceof Error && failure.name === 'TimeoutError' ? `no answer in ${timeoutMs} ms` : failure instanceof Error ? failure.message : String(failure)}`);
      }
      await res?.body?.cancel();
      await new Promise((r) => setTimeout(r, 200 * 2 ** (attempt - 1)));
    }
  }
  return {
    stagingDir,
    async save(stagingPath, key, contentType) {
      const { size } = await stat(stagingPath);
      const hash = await fileSha256(stagingPath);
      await send('PUT', key, { hash, size, open: () => Readable.toWeb(createReadStream(stagingPath)) as ReadableStream<Uint8Array> }, contentType);
      await rm(stagingPath, { force: true });
    },
    async read(key) {
      return new Uint8Array(await (await send('GET', key, null)).arrayBuffer());
    },
    async remove(key) {
      await send('DELETE', key, null);
    },
  };
}

/** A whole number setting within bounds, or its default when unset. */
function intSetting(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} must be a whole number from ${min} to ${max}, not ${JSON.stringify(raw)}`);
  return n;
}

/**
 * S3 when S3_BUCKET is set (S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY), else
 * DATA_DIR/uploads. In production on PostgreSQL (DATABASE_URL: a database several instances may
 * share) local files are refused unless STORAGE=local acknowledges that every instance sees the
 * same DATA_DIR (one machine, or one network mount): an instance on another machine would not find
 * the files the first stored.
 */
export function storageFromEnv(env: NodeJS.ProcessEnv, dataDir: string, opts: { production?: boolean } = {}): FileStorage {
  const local = localStorage(join(dataDir, 'uploads'));
  const mode = env.STORAGE ?? '';
  if (!['', 'local', 's3'].includes(mode)) throw new Error(`STORAGE must be local or s3, not ${JSON.stringify(mode)}`);
  if (mode === 's3' && !env.S3_BUCKET) throw new Error('S3_BUCKET is required when STORAGE=s3');
  if (mode === 'local' && env.S3_BUCKET) throw new Error('STORAGE=local and S3_BUCKET are both set: choose one');
  if (!env.S3_BUCKET) {
    if (opts.production && env.DATABASE_URL && mode !== 'local') {
      throw new Error('uploads would go to this machine\'s DATA_DIR/uploads while the database may be shared by instances on other machines: set S3_BUCKET (and its S3_* settings), or STORAGE=local when every instance shares this DATA_DIR');
    }
    return local;
  }
  const need = (name: string) => {
    const value = env[name];
    if (!value) throw new Error(`${name} is required when S3_BUCKET is set`);
    return value;
  };
  return s3Storage({
    endpoint: env.S3_ENDPOINT ?? `https://s3.${env.S3_REGION ?? 'us-east-1'}.amazonaws.com`,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION ?? 'us-east-1',
    accessKeyId: need('S3_ACCESS_KEY_ID'),
    secretAccessKey: need('S3_SECRET_ACCESS_KEY'),
    timeoutMs: intSetting(env, 'S3_TIMEOUT_MS', 30_000, 100, 600_000),
    maxAttempts: intSetting(env, 'S3_MAX_ATTEMPTS', 3, 1, 10),
  }, local.stagingDir);
}

export async function fileExists(path: string): Promise<boolean> {
  return stat(path).then(() => true, () => false);
}
