import { unzipSync, strFromU8 } from 'fflate';
import type { TestServer } from '../../support/server';
import { newAddress } from '../../support/flows';

/** The profile's server tests share: signing on our signing page, the data export read back, a deletion code. */

export { signOnPage } from '../../support/flows';

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
