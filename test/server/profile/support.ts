import { unzipSync, strFromU8 } from 'fflate';
import type { TestServer } from '../../support/server';
import { lastCode, newAddress } from '../../support/flows';

/** The profile's server tests share: signing on our signing page, the data export read back, a deletion code. */

const post = async (s: TestServer, path: string, body: unknown) => {
  const res = await s.fetch(path, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': newAddress() } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

/** Signs a contract as its frame would: a code to the verified phone, then the signature with it. */
export async function signOnPage(s: TestServer, c: { phone: string }, key: string): Promise<void> {
  const secret = `profile-sign-secret-${Math.random().toString(36).slice(2)}-0123456789`;
  const sent = await post(s, `/sign/${key}/code`, { secret });
  if (sent.status !== 202) throw new Error(`code: ${sent.status}`);
  const signed = await post(s, `/sign/${key}`, { secret, code: await lastCode(s, c.phone), consent: true });
  if (signed.status !== 201) throw new Error(`sign: ${signed.status} ${JSON.stringify(signed.body)}`);
}

export interface ExportedCopy {
  status: number;
  headers: Headers;
  bytes: Uint8Array;
  files: Record<string, Uint8Array>;
  data: { cliente_id: number; tabelas: Record<string, Record<string, unknown>[]>; arquivos: string[]; arquivos_indisponiveis: string[] };
}

/** GET /portal/customers/export, unzipped. */
export async function exportOf(s: TestServer, token: string): Promise<ExportedCopy> {
  const res = await s.fetch('/api/v1/portal/customers/export', { headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': newAddress() } });
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (res.status !== 200) return { status: res.status, headers: res.headers, bytes, files: {}, data: JSON.parse(strFromU8(bytes)) as never };
  const files = unzipSync(bytes);
  return { status: res.status, headers: res.headers, bytes, files, data: JSON.parse(strFromU8(files['dados.json']!)) as ExportedCopy['data'] };
}

/** Every text in the copy (the JSON and the read-me), to look for what must never be in it. */
export const copyText = (copy: ExportedCopy): string => strFromU8(copy.files['dados.json']!) + strFromU8(copy.files['LEIA-ME.txt']!);
