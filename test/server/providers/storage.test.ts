import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { uploads } from '../../../src/server/platform/db/schema';
import { loadProcess } from '../../../src/server/process/host';
import { localStorage, newStorageKey, s3Storage, signS3Request, storageFromEnv, type FileStorage } from '../../../src/server/providers/storage/index';
import { createTestServer, type TestServer } from '../../support/server';
import { call, signUpNewCustomer } from '../../support/flows';
import { fixture, storedFiles, upload } from '../../support/uploads';

describe('S3-compatible storage', () => {
  const cfg = { endpoint: 'http://minio.test:9000', bucket: 'portal', region: 'us-east-1', accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };

  test('requests are signed with AWS Signature V4 (deterministic for a given time and body)', () => {
    const url = new URL('http://minio.test:9000/portal/ab/abcdefghijklmnopqrstuv');
    const at = new Date('2026-01-02T03:04:05Z');
    const h = signS3Request(cfg, 'PUT', url, new TextEncoder().encode('hello'), at, 'application/pdf');
    expect(h['x-amz-date']).toBe('20260102T030405Z');
    expect(h['x-amz-content-sha256']).toBe('2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824');
    expect(h.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/20260102\/us-east-1\/s3\/aws4_request, SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/);
    expect(signS3Request(cfg, 'PUT', url, new TextEncoder().encode('hello'), at, 'application/pdf')).toEqual(h);
    expect(signS3Request(cfg, 'PUT', url, new TextEncoder().encode('hellO'), at, 'application/pdf').authorization).not.toBe(h.authorization);
  });

  test('save PUTs the staged bytes under the key and removes the staging file; read GETs; remove DELETEs', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-s3-'));
    const bucket = new Map<string, Uint8Array>();
    const fake = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      expect(init?.headers).toMatchObject({ authorization: expect.stringMatching(/^AWS4-HMAC-SHA256 /) });
      if (init?.method === 'PUT') { bucket.set(url.pathname, new Uint8Array(await new Response(init.body).arrayBuffer())); return new Response(null, { status: 200 }); }
      if (init?.method === 'DELETE') { bucket.delete(url.pathname); return new Response(null, { status: 204 }); }
      const body = bucket.get(url.pathname);
      return body ? new Response(Buffer.from(body)) : new Response(null, { status: 404 });
    }) as typeof fetch;
    const storage = s3Storage(cfg, dir, fake);
    const staged = join(dir, 'x.part');
    writeFileSync(staged, 'conteúdo');
    const key = newStorageKey();
    await storage.save(staged, key, 'application/pdf');
    expect(readdirSync(dir)).toEqual([]);
    expect([...bucket.keys()]).toEqual([`/portal/${key}`]);
    expect(new TextDecoder().decode(await storage.read(key))).toBe('conteúdo');
    await storage.remove(key);
    expect(bucket.size).toBe(0);
    await expect(storage.read(key)).rejects.toThrow(/404/);
    rmSync(dir, { recursive: true, force: true });
  });

  test('S3 is chosen by S3_BUCKET and needs its credentials; otherwise DATA_DIR/uploads', () => {
    expect(() => storageFromEnv({ S3_BUCKET: 'b' }, '/tmp/x')).toThrow(/S3_ACCESS_KEY_ID/);
    expect(storageFromEnv({}, '/tmp/x').stagingDir).toBe('/tmp/x/uploads/.staging');
  });

  test('local keys cannot escape the upload directory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-local-'));
    const storage = localStorage(dir);
    await expect(storage.read('../../etc/passwd')).rejects.toThrow(/bad storage key/);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('an upload that fails after the file arrived', () => {
  let s: TestServer;
  let failing = false;
  beforeAll(async () => { s = await createTestServer(); });
  afterAll(async () => { await s.close(); });

  test('storage failing to save rolls the bill back: no rows, no process move, no files', async () => {
    const real: FileStorage = s.deps.storage;
    s.deps.storage.save = async (path, key, type) => {
      if (failing) throw new Error('disk full');
      return localStorage(s.uploadsDir).save.call(real, path, key, type);
    };
    const { token } = await signUpNewCustomer(s);
    const me = await call(s, 'GET', '/portal/customers', undefined, { token });
    const id = Number(me.body.id);
    const before = await storedFiles(s);
    failing = true;
    const r = await upload(s, '/portal/customers/bills?is_holder=true', { bytes: fixture('cemig-clean-residential.pdf'), name: 'conta.pdf' }, { token });
    failing = false;
    expect(r.status).toBe(500);
    expect(await s.db.select().from(uploads).where(eq(uploads.customerId, id))).toEqual([]);
    expect((await loadProcess(s.db, id))?.version).toBe(1);
    expect(await storedFiles(s)).toEqual(before);
    // and the customer can send it again
    expect((await upload(s, '/portal/customers/bills?is_holder=true', { bytes: fixture('cemig-clean-residential.pdf'), name: 'conta.pdf' }, { token })).status).toBe(201);
  });
});
