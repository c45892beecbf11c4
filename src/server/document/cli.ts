import { resolve, join } from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { DOCUMENT_STATUS_LABEL } from '#shared/document/rules';
import { StaffDocumentDecision } from '#shared/document/payloads';
import * as v from 'valibot';
import { systemClock } from '../config';
import { openDatabase } from '../platform/db/index';
import { customers, staff } from '../platform/db/schema';
import { DomainError } from '../errors';
import { allDocuments, decideDocument } from './service';

/**
 * Staff CLI commands for the booking's documents (the same services as the admin endpoints, audited
 * and told to the customer):
 *   npm run staff -- documents <phone>                                             every document sent, newest first
 *   npm run staff -- document <phone> <id> approve --as <staff e-mail>
 *   npm run staff -- document <phone> <id> deny --reason "A foto está ilegível" --as <staff e-mail>
 */
export const DOCUMENT_COMMANDS = ['documents', 'document'] as const;
const usage = 'usage: npm run staff -- documents <phone> | document <phone> <id> approve|deny [--reason <text>] --as <staff e-mail>';

const option = (argv: string[], name: string): string | undefined => {
  const at = argv.indexOf(name);
  return at >= 0 ? argv[at + 1] : undefined;
};

export async function documentCommand(argv: string[]): Promise<number> {
  const [command, phone, id, verdict] = argv;
  if (!phone || (command === 'document' && (!id || (verdict !== 'approve' && verdict !== 'deny')))) { console.error(usage); return 2; }
  const env = process.env;
  const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { pgliteDir: join(resolve(env.DATA_DIR ?? './data'), 'pglite') });
  const db = database.db;
  try {
    await database.migrate();
    const [customer] = await db.select({ id: customers.id }).from(customers).where(eq(customers.phone, phone));
    if (!customer) { console.error(`no customer with phone ${phone}`); return 1; }
    if (command === 'documents') {
      for (const d of await allDocuments(db, customer.id)) {
        console.log([d.id, d.name, DOCUMENT_STATUS_LABEL[d.status], d.has_back ? 'frente e verso' : '', d.created_at, d.justification ?? ''].filter(Boolean).join(' | '));
      }
      return 0;
    }
    const email = option(argv, '--as');
    const [member] = email ? await db.select({ id: staff.id }).from(staff).where(and(eq(staff.email, email.toLowerCase()), isNull(staff.revokedAt))) : [];
    if (!member) { console.error('--as <staff e-mail> of an active staff account is required (npm run staff -- create-staff ...)'); return 2; }
    const decision = v.safeParse(StaffDocumentDecision, { status: verdict === 'approve' ? 'APPROVED' : 'DENIED', justification: option(argv, '--reason') ?? null });
    if (!decision.success) { console.error(decision.issues[0]?.message ?? usage); return 2; }
    try {
      const d = await decideDocument({ db, clock: systemClock }, member.id, customer.id, Number(id), decision.output);
      console.log(`${d.name}: ${DOCUMENT_STATUS_LABEL[d.status]}`);
      return 0;
    } catch (e) {
      if (e instanceof DomainError) { console.error(e.refusal === 'NOT_FOUND' || e.refusal === 'FILE_NOT_FOUND' ? `no document ${id} of this customer` : 'the document was already decided'); return 1; }
      throw e;
    }
  } finally {
    await database.close();
  }
}
