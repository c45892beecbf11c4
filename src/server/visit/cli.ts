import { resolve, join } from 'node:path';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { ErrorCode } from '#shared/errors';
import { STAFF_VISIT_STATUSES } from '#shared/visit/payloads';
import { systemClock } from '../config';
import { openDatabase, type Db } from '../platform/db/index';
import { calendarBlockedDays, customers, staff } from '../platform/db/schema';
import { DomainError } from '../errors';
import { blockDay, currentVisit, staffMoveVisit, unblockDay } from './service';
import { processReactions } from '../process/reactions';

/**
 * Staff CLI commands for the technical visit (the same services as the admin endpoints, audited):
 *   npm run staff -- visit <phone>                                   the customer's visit
 *   npm run staff -- visit <phone> <STATUS> --as <staff e-mail>      CONFIRMED_SCHEDULE | ACCOMPLISHED_AND_APPROVED | DONE_AND_NOT_APPROVED | CANCELLED
 *                                                                    an outcome before the booked time needs --early (the visit was early)
 *   npm run staff -- calendar                                        the days blocked for visits
 *   npm run staff -- calendar-block <YYYY-MM-DD> --as <staff e-mail> [--reason "..."]
 *   npm run staff -- calendar-unblock <YYYY-MM-DD> --as <staff e-mail>
 */
export const VISIT_COMMANDS = ['visit', 'calendar', 'calendar-block', 'calendar-unblock'] as const;
const usage = 'usage: npm run staff -- visit <phone> [<STATUS> --as <staff e-mail> [--early]] | calendar'
  + ' | calendar-block <YYYY-MM-DD> --as <staff e-mail> [--reason <text>] | calendar-unblock <YYYY-MM-DD> --as <staff e-mail>';

const option = (argv: string[], name: string): string | undefined => {
  const at = argv.indexOf(name);
  return at >= 0 ? argv[at + 1] : undefined;
};

async function staffId(db: Db, argv: string[]): Promise<number | null> {
  const email = option(argv, '--as');
  if (!email) return null;
  const [member] = await db.select({ id: staff.id }).from(staff).where(and(eq(staff.email, email.toLowerCase()), isNull(staff.revokedAt)));
  return member?.id ?? null;
}

export async function visitCommand(argv: string[]): Promise<number> {
  const [command, arg, status] = argv;
  const env = process.env;
  const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { pgliteDir: join(resolve(env.DATA_DIR ?? './data'), 'pglite') });
  const db = database.db;
  try {
    await database.migrate();
    if (command === 'calendar') {
      for (const r of await db.select().from(calendarBlockedDays).orderBy(asc(calendarBlockedDays.day))) console.log(`${r.day} ${r.reason ?? ''}`.trim());
      return 0;
    }
    if (!arg) { console.error(usage); return 2; }
    const needsStaff = command !== 'visit' || status !== undefined;
    const member = needsStaff ? await staffId(db, argv) : null;
    if (needsStaff && member === null) {
      console.error('--as <staff e-mail> of an active staff account is required (npm run staff -- create-staff ...)');
      return 2;
    }
    try {
      if (command === 'calendar-block') {
        await blockDay(db, systemClock, member as number, arg, option(argv, '--reason') ?? null);
        console.log(`blocked ${arg}`);
        return 0;
      }
      if (command === 'calendar-unblock') {
        console.log(await unblockDay(db, systemClock, member as number, arg) ? `open again ${arg}` : `${arg} was not blocked`);
        return 0;
      }
      const [customer] = await db.select({ id: customers.id }).from(customers).where(eq(customers.phone, arg));
      if (!customer) { console.error(`no customer with phone ${arg}`); return 1; }
      if (status !== undefined) {
        if (!(STAFF_VISIT_STATUSES as readonly string[]).includes(status)) {
          console.error(`unknown visit status ${status}; one of: ${STAFF_VISIT_STATUSES.join(', ')}`);
          return 2;
        }
        await staffMoveVisit({ db, clock: systemClock, reactions: processReactions }, member as number, customer.id, status as (typeof STAFF_VISIT_STATUSES)[number], { early: argv.includes('--early') });
      }
      const visit = await currentVisit(db, customer.id);
      console.log(visit ? `visit ${visit.id} ${visit.status} ${visit.schedule} ${visit.address}, ${visit.number} - ${visit.city}/${visit.state}` : 'no visit');
      return 0;
    } catch (e) {
      if (e instanceof DomainError) {
        console.error(e.message);
        if (e.code === ErrorCode.VISIT_NOT_STARTED) console.error(`visita marcada para ${String(e.extra.schedule)}; se ela foi antecipada, repita com --early`);
        return 1;
      }
      throw e;
    }
  } finally {
    await database.close();
  }
}
