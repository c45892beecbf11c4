import { readFile } from 'node:fs/promises';
import { resolve, join } from 'node:path';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../platform/db/index';
import { customers } from '../platform/db/schema';
import { staffContracts } from './service';
import { verifySignedFile } from './signing';

/**
 * Staff CLI commands for the contracts (the same services as the admin endpoints):
 *   npm run staff -- contracts <phone>            the customer's contracts: signed or not, when, the hashes, the evidence
 *   npm run staff -- verify-signature <file.pdf>  does this signed PDF hash to one we recorded at signing? (exit 0 yes, 1 no)
 */
export const CONTRACT_COMMANDS = ['contracts', 'verify-signature'] as const;
const usage = 'usage: npm run staff -- contracts <phone> | verify-signature <file.pdf>';

export async function contractCommand(argv: string[]): Promise<number> {
  const [command, arg] = argv;
  if (!arg) { console.error(usage); return 2; }
  let bytes: Uint8Array | null = null;
  if (command === 'verify-signature') {
    try {
      bytes = new Uint8Array(await readFile(arg));
    } catch {
      console.error(`cannot read ${arg}`);
      return 2;
    }
  }
  const env = process.env;
  const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { pgliteDir: join(resolve(env.DATA_DIR ?? './data'), 'pglite') });
  const db = database.db;
  try {
    await database.migrate();
    if (bytes) {
      const check = await verifySignedFile(db, bytes);
      if (check.valid && check.contract) {
        console.log(`VÁLIDA: ${check.contract.name} (contrato ${check.contract.id}), assinado em ${check.contract.signed_at}`);
        console.log(`SHA-256 do arquivo assinado: ${check.signed_sha256}`);
        if (check.original_sha256) console.log(`SHA-256 do original: ${check.original_sha256}`);
        return 0;
      }
      console.log(`INVÁLIDA: nenhum contrato assinado tem o SHA-256 ${check.signed_sha256} (o arquivo foi alterado ou não é nosso)`);
      return 1;
    }
    const [customer] = await db.select({ id: customers.id }).from(customers).where(eq(customers.phone, arg));
    if (!customer) { console.error(`no customer with phone ${arg}`); return 1; }
    const list = await staffContracts(db, customer.id);
    if (list.length === 0) console.log('no contracts generated yet');
    for (const c of list) {
      console.log([
        c.id, c.name, c.signed_at ? `assinado em ${c.signed_at}` : 'pendente', `sha256 original ${c.original_sha256}`,
        c.signed_sha256 ? `sha256 assinado ${c.signed_sha256}` : '', c.terms_of_use_accepted_at ? `termos de uso aceitos em ${c.terms_of_use_accepted_at}` : '',
        c.evidence ? `IP ${c.evidence.ip}, telefone final ${c.evidence.phone_last4}` : '',
      ].filter(Boolean).join(' | '));
    }
    return 0;
  } finally {
    await database.close();
  }
}
