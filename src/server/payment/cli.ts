import { resolve, join } from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import * as v from 'valibot';
import { StaffFinancingDecision } from '#shared/payment/payloads';
import { systemClock } from '../config';
import { openDatabase } from '../platform/db/index';
import { customers, staff } from '../platform/db/schema';
import { DomainError } from '../errors';
import { invoicesFromEnv } from '../providers/payments/index';
import { decideFinancing, reconcileInvoice, staffPayment } from './service';

/**
 * Staff CLI commands for a buyer's purchase (the same services as the admin endpoints, audited and
 * told to the customer):
 *   npm run staff -- payment <phone>                                          payment type, financing status, invoice
 *   npm run staff -- financing <phone> IN_EVALUATION|APPROVED|DENIED [--note <text>] --as <staff e-mail>
 *   npm run staff -- invoice <phone> paid|cancel --as <staff e-mail>           reconcile the cash invoice
 */
export const PAYMENT_COMMANDS = ['payment', 'financing', 'invoice'] as const;
const usage = 'usage: npm run staff -- payment <phone> | financing <phone> IN_EVALUATION|APPROVED|DENIED [--note <text>] --as <e-mail> | invoice <phone> paid|cancel --as <e-mail>';

const option = (argv: string[], name: string): string | undefined => {
  const at = argv.indexOf(name);
  return at >= 0 ? argv[at + 1] : undefined;
};

export async function paymentCommand(argv: string[]): Promise<number> {
  const [command, phone, verb] = argv;
  if (!phone || (command !== 'payment' && !verb)) { console.error(usage); return 2; }
  const env = process.env;
  const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { pgliteDir: join(resolve(env.DATA_DIR ?? './data'), 'pglite') });
  const db = database.db;
  try {
    await database.migrate();
    const [customer] = await db.select({ id: customers.id }).from(customers).where(eq(customers.phone, phone));
    if (!customer) { console.error(`no customer with phone ${phone}`); return 1; }
    const print = (p: Awaited<ReturnType<typeof staffPayment>>) => {
      console.log(`pagamento: ${p.payment_type ?? '-'} | financiamento: ${p.financing.status} | fatura: ${p.invoice ? `${p.invoice.invoice_status} R$ ${p.invoice.total.toFixed(2)} vence ${p.invoice.due_date}` : 'nenhuma'}`);
    };
    if (command === 'payment') { print(await staffPayment(db, customer.id)); return 0; }
    const email = option(argv, '--as');
    const [member] = email ? await db.select({ id: staff.id }).from(staff).where(and(eq(staff.email, email.toLowerCase()), isNull(staff.revokedAt))) : [];
    if (!member) { console.error('--as <staff e-mail> of an active staff account is required (npm run staff -- create-staff ...)'); return 2; }
    try {
      if (command === 'financing') {
        const decision = v.safeParse(StaffFinancingDecision, { status: verb, note: option(argv, '--note') ?? null });
        if (!decision.success) { console.error(usage); return 2; }
        print(await decideFinancing({ db, clock: systemClock }, member.id, customer.id, decision.output));
        return 0;
      }
      if (verb !== 'paid' && verb !== 'cancel') { console.error(usage); return 2; }
      const deps = { db, clock: systemClock, invoices: invoicesFromEnv(env, { clock: systemClock }) };
      print(await reconcileInvoice(deps, member.id, customer.id, verb === 'paid' ? 'PAID' : 'CANCELED'));
      return 0;
    } catch (e) {
      if (e instanceof DomainError) { console.error(e.refusal === 'NOT_FOUND' ? 'no invoice for this customer' : 'refused: not a buyer at this step, or the invoice is not open'); return 1; }
      throw e;
    }
  } finally {
    await database.close();
  }
}
