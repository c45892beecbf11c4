import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newStorageKey, s3Storage, storageFromEnv, type S3Config } from '../../../src/server/providers/storage/index';

/**
 * The S3 adapter against a real S3-protocol server (s3rver, in process on a loopback port), which
 * stores the objects on disk (S3RVER/S3RVER are its credentials; it does not refuse a wrong secret,
 * so the signature itself is checked by storage.test.ts's fixed vector).
 */
let server: S3rver;
let endpoint: string;
const dirs: string[] = [];
const tmp = (prefix: string) => { const d = mkdtempSync(join(tmpdir(), prefix)); dirs.push(d); return d; };
beforeAll(async () => {
  server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: tmp('portal-s3rver-'), configureBuckets: [{ name: 'portal', configs: [] }] });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await server.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const config = (over: Partial<S3Config> = {}): S3Config => ({ endpoint, bucket: 'portal', region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', ...over });
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

describe('S3 storage on an S3-protocol server', () => {
  test('a file of 8 MB is streamed up from its staging file, read back byte for byte, and deleted', async () => {
    const staging = tmp('portal-staging-');
    const bodies: string[] = [];
    const recording = ((input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.body) bodies.push(init.body instanceof ReadableStream ? 'stream' : 'bytes');
      return fetch(input, init);
    }) as typeof fetch;
    const storage = s3Storage(config(), staging, recording);
    const bytes = randomBytes(8 * 1024 * 1024);
    const staged = join(staging, 'big.part');
    writeFileSync(staged, bytes);
    const key = newStorageKey();
    await storage.save(staged, key, 'application/pdf');
    expect(bodies).toEqual(['stream']);
    expect(existsSync(staged)).toBe(false);
    expect(sha(await storage.read(key))).toBe(sha(bytes));
    await storage.remove(key);
    await expect(storage.read(key)).rejects.toThrow(/404/);
    await storage.remove(key); // removing a removed file is fine
  });

  test('a server that never answers fails within the configured time-out', async () => {
    const sockets: Socket[] = [];
    // a try is a request written to a socket: Node's fetch may open a spare connection that carries none
    let requests = 0;
    const silent: TcpServer = createTcpServer((socket) => { sockets.push(socket); socket.once('data', () => { requests += 1; }); });
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const storage = s3Storage(config({ endpoint: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`, timeoutMs: 300, maxAttempts: 2 }), tmp('portal-staging-'));
    const started = Date.now();
    await expect(storage.read(newStorageKey())).rejects.toThrow(/no answer in 300 ms/);
    expect(Date.now() - started).toBeLessThan(2_000); // two tries of 300 ms and a 200 ms pause
    expect(requests).toBe(2);
    for (const s of sockets) s.destroy();
    await new Promise((r) => silent.close(r));
  });

  test('a broken connection and a 503 are tried again, and the file arrives whole', async () => {
    // a proxy in front of s3rver: the first request's connection is reset, the second answers 503, the rest pass
    let seen = 0;
    const proxy: Server = createServer((req, res) => {
      seen += 1;
      if (seen === 1) { req.socket.destroy(); return; }
      if (seen === 2) { req.resume(); res.writeHead(503).end(); return; }
      const upstream = httpRequest(`${endpoint}${req.url ?? '/'}`, { method: req.method, headers: req.headers }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      });
      req.pipe(upstream);
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    const staging = tmp('portal-staging-');
    const storage = s3Storage(config({ endpoint: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, maxAttempts: 3 }), staging);
    const bytes = randomBytes(3 * 1024 * 1024);
    writeFileSync(join(staging, 'y.part'), bytes);
    const key = newStorageKey();
    await storage.save(join(staging, 'y.part'), key, 'image/jpeg');
    expect(seen).toBe(3);
    expect(sha(await storage.read(key))).toBe(sha(bytes));
    // with one try only, a 503 is the caller's error
    seen = 1;
    await expect(s3Storage(config({ endpoint: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, maxAttempts: 1 }), staging).read(key)).rejects.toThrow(/503/);
    await new Promise((r) => proxy.close(r));
  });

  test('the S3_* settings choose and configure the bucket; bad numbers are refused', async () => {
    const dataDir = tmp('portal-data-');
    const env = { S3_BUCKET: 'portal', S3_ENDPOINT: endpoint, S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_TIMEOUT_MS: '5000', S3_MAX_ATTEMPTS: '2' };
    const storage = storageFromEnv(env, dataDir);
    expect(storage.stagingDir).toBe(join(dataDir, 'uploads', '.staging'));
    writeFileSync(join(dataDir, 'z.part'), 'conteúdo');
    const key = newStorageKey();
    await storage.save(join(dataDir, 'z.part'), key, 'text/plain');
    expect(new TextDecoder().decode(await storage.read(key))).toBe('conteúdo');
    expect(() => storageFromEnv({ ...env, S3_TIMEOUT_MS: 'soon' }, dataDir)).toThrow(/S3_TIMEOUT_MS/);
    expect(() => storageFromEnv({ ...env, S3_MAX_ATTEMPTS: '0' }, dataDir)).toThrow(/S3_MAX_ATTEMPTS/);
  });

  test('production on PostgreSQL refuses local files unless STORAGE=local says every instance shares DATA_DIR', () => {
    const shared = { DATABASE_URL: 'postgres://db/portal' };
    const production = { production: true };
    expect(() => storageFromEnv(shared, '/tmp/x', production)).toThrow(/S3_BUCKET.*STORAGE=local/);
    expect(storageFromEnv({ ...shared, STORAGE: 'local' }, '/tmp/x', production).stagingDir).toBe('/tmp/x/uploads/.staging');
    expect(storageFromEnv({}, '/tmp/x', production).stagingDir).toBe('/tmp/x/uploads/.staging'); // PGlite: one process
    expect(storageFromEnv({ DATABASE_URL: 'postgres://db/portal' }, '/tmp/x').stagingDir).toBe('/tmp/x/uploads/.staging'); // development
    expect(() => storageFromEnv({ ...shared, STORAGE: 's3' }, '/tmp/x', production)).toThrow(/S3_BUCKET is required/);
    expect(() => storageFromEnv({ ...shared, STORAGE: 'disk' }, '/tmp/x', production)).toThrow(/STORAGE must be/);
    expect(() => storageFromEnv({ STORAGE: 'local', S3_BUCKET: 'b' }, '/tmp/x')).toThrow(/choose one/);
  });
});
