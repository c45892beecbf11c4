import { eq, getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { AppDeps } from '../config';
import type { Db, Tx } from '../platform/db/index';
import { customers } from '../platform/db/schema';
import { DomainError } from '../errors';
import { CUSTOMER_TABLES, tableName, type CustomerTable, type Owner, type StoredFile } from './registry';

/**
 * 'Baixar meus dados' (LGPD art. 18 II, art. 19 II: a complete copy, in a format a machine reads,
 * at once): a ZIP with dados.json (every row of every table about the customer, by table, columns
 * by their database names, secrets left out by the registry) and the customer's files as stored
 * (bills, documents, badge, project files, contracts and signed contracts). Only rows the
 * registry finds by the session's customer id (or their phone, for the sign-in records).
 */

const README = `Cópia dos seus dados (LGPD, art. 18 e 19)

dados.json: tudo o que guardamos sobre você, tabela por tabela, com os nomes das colunas do banco
de dados. Datas em UTC (ISO 8601), valores em reais salvo quando o nome diz centavos (cents).
Ficam de fora só segredos de segurança (resumos de tokens e códigos, chaves de assinatura e de
armazenamento) e a identificação de quem da equipe fez cada ação.

arquivos/: os arquivos que você enviou (contas de luz, documentos, crachá, arquivos do projeto) e
seus contratos (o PDF gerado e, quando assinado, o PDF assinado com a página de evidências).
`;

type Row = Record<string, unknown>;

/** A drizzle row (TypeScript keys) with the database's column names. */
function byColumnName(table: PgTable, row: Row): Row {
  const out: Row = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) out[column.name] = row[key];
  return out;
}

export async function rowsAbout(db: Db | Tx, entry: CustomerTable, owner: Owner): Promise<Row[]> {
  const rows = (await db.select().from(entry.table).where(entry.rows(owner))) as Row[];
  return rows.map((row) => byColumnName(entry.table, row));
}

const without = (row: Row, omit: readonly string[] = []): Row => Object.fromEntries(Object.entries(row).filter(([name]) => !omit.includes(name)));

/** The ZIP's bytes. */
export async function exportData(deps: Pick<AppDeps, 'db' | 'storage' | 'clock'>, customerId: number): Promise<Uint8Array> {
  const { db, storage } = deps;
  const [c] = await db.select({ id: customers.id, phone: customers.phone, email: customers.email }).from(customers).where(eq(customers.id, customerId));
  if (!c) throw new DomainError('UNAUTHORIZED');
  const owner: Owner = { id: c.id, phone: c.phone, email: c.email };
  const tables: Record<string, Row[]> = {};
  const files: StoredFile[] = [];
  for (const entry of CUSTOMER_TABLES) {
    const rows = await rowsAbout(db, entry, owner);
    tables[tableName(entry.table)] = rows.map((row) => without(row, entry.omit));
    if (entry.files) files.push(...rows.flatMap(entry.files));
  }
  const zip: Zippable = {};
  const missing: string[] = [];
  for (const file of files) {
    // a file storage lost is named in the copy rather than failing it
    const bytes = await storage.read(file.key).catch(() => null);
    if (bytes) zip[file.path] = [bytes, { level: 0 }];
    else missing.push(file.path);
  }
  const data = {
    gerado_em: deps.clock.now().toISOString(),
    cliente_id: c.id,
    tabelas: tables,
    arquivos: files.filter((f) => !missing.includes(f.path)).map((f) => f.path),
    arquivos_indisponiveis: missing,
  };
  zip['dados.json'] = [strToU8(JSON.stringify(data, null, 2)), { level: 6 }];
  zip['LEIA-ME.txt'] = [strToU8(README), { level: 6 }];
  return zipSync(zip);
}
