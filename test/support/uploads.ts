import { readFileSync } from 'node:fs';
import type { TestServer } from './server';
import { newAddress, type Call } from './flows';

export const fixture = (name: string): Uint8Array => new Uint8Array(readFileSync(`test/fixtures/bills/${name}`));

/** A multipart POST of one file, as the browser's FormData sends it. */
export async function upload(
  s: TestServer, path: string, file: { bytes: Uint8Array; name: string; type?: string }, opts: { token?: string; field?: string } = {},
): Promise<Call> {
  const form = new FormData();
  form.append(opts.field ?? 'file', new Blob([Buffer.from(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
  const headers: Record<string, string> = { 'Accept-Language': 'pt-BR', 'X-Forwarded-For': newAddress() };
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  const res = await s.fetch(`/api/v1${path}`, { method: 'POST', headers, body: form });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, headers: res.headers };
}

/** Files left in the upload directory (staging included). */
export async function storedFiles(s: TestServer): Promise<string[]> {
  const { readdirSync, statSync } = await import('node:fs');
  const { join } = await import('node:path');
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p); else out.push(p);
    }
  };
  walk(s.uploadsDir);
  return out;
}
