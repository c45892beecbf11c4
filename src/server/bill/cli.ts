import { join, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../platform/db/index';
import { customers } from '../platform/db/schema';
import { billReadings } from './service';

/**
 * Staff CLI command for the bills (the same reading as GET admin/customers/{id}/bills):
 *   npm run staff -- bills <phone>     every bill sent, with what the virtual assistant read and where
 * Decisions go through PUT admin/customers/{id}/bill.
 */
export const BILL_COMMANDS = ['bills'] as const;
const usage = 'usage: npm run staff -- bills <phone>';

const shown = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

export async function billCommand(argv: string[]): Promise<number> {
  const [, phone] = argv;
  if (!phone) { console.error(usage); return 2; }
  const env = process.env;
  const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { pgliteDir: join(resolve(env.DATA_DIR ?? './data'), 'pglite') });
  try {
    await database.migrate();
    const [customer] = await database.db.select({ id: customers.id }).from(customers).where(eq(customers.phone, phone));
    if (!customer) { console.error(`no customer with phone ${phone}`); return 1; }
    const { bills } = await billReadings(database.db, customer.id);
    if (bills.length === 0) console.log('no bill sent yet');
    for (const b of bills) {
      console.log(`bill ${b.id} | ${b.status}${b.justification_disapproved ? ` (${b.justification_disapproved})` : ''} | sent ${b.created_at}${b.decided_at ? ` | decided ${b.decided_at}` : ''}`);
      if (!b.reading) { console.log('  not read yet'); continue; }
      const r = b.reading;
      console.log(`  read from ${r.source}, confidence ${r.confidence.toFixed(2)}${r.review_notes.length ? `, a person looks because: ${r.review_notes.join(', ')}` : ''}`);
      for (const [field, f] of Object.entries(r.fields)) {
        const where = f.evidence[0] ? `  ← p.${f.evidence[0].page} (${f.evidence[0].x}, ${f.evidence[0].y}) "${f.evidence[0].text}"` : '';
        console.log(`  ${field.padEnd(31)} ${shown(f.value)}${f.confidence === null ? '' : `  [${f.confidence.toFixed(2)}]`}${where}`);
      }
    }
    return 0;
  } finally {
    await database.close();
  }
}
