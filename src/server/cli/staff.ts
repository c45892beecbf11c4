import { resolve, join } from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import type { ProcessEvent } from '../../../machines/process/processMachine';
import { systemClock } from '../config';
import { openDatabase } from '../db/index';
import { customers, staff } from '../db/schema';
import { applyProcessEventIn, customerSteps, loadProcess, ProcessEventRefused, ProcessVersionConflict } from '../process/service';
import { audit, createStaff, renewStaffToken, revokeStaff } from '../staff/service';
import { STAFF_EVENTS } from '../api/admin/routes';

/**
 * Staff accounts (the printed token is the staff member's bearer token for /api/v1/admin/...;
 * only its hash is stored, so it is shown once):
 *   npm run staff -- create-staff --name "Ana Souza" --email ana@empresa.com.br
 *   npm run staff -- new-token <email>      (replaces the old token)
 *   npm run staff -- revoke-staff <email>
 * Staff actions on a customer's process until the back office exists:
 *   npm run staff -- steps <phone>
 *   npm run staff -- event <phone> <event> --as <staff e-mail> [CASH_PURCHASE|FINANCING] [--version N]
 * e.g. `npm run staff -- event 5511987654321 visit.confirmed --as ana@empresa.com.br` (audited). Same database settings as the server.
 */
const usage = 'usage: npm run staff -- create-staff --name <name> --email <email> | new-token <email> | revoke-staff <email>'
  + ' | steps <phone> | event <phone> <event> --as <staff e-mail> [CASH_PURCHASE|FINANCING] [--version N]';

const option = (argv: string[], name: string): string | undefined => {
  const at = argv.indexOf(name);
  return at >= 0 ? argv[at + 1] : undefined;
};

async function staffCommand(argv: string[]): Promise<number> {
  const [command, arg] = argv;
  const env = process.env;
  const database = await openDatabase(env.DATABASE_URL
    ? { databaseUrl: env.DATABASE_URL }
    : { pgliteDir: join(resolve(env.DATA_DIR ?? './data'), 'pglite') });
  try {
    await database.migrate();
    if (command === 'create-staff') {
      const name = option(argv, '--name');
      const email = option(argv, '--email');
      if (!name || !email || !/^[^@\s]+@[^@\s]+$/.test(email)) {
        console.error(usage);
        return 2;
      }
      const created = await createStaff(database.db, systemClock, name, email);
      console.log(`staff ${created.id} ${email}\ntoken (shown once): ${created.token}`);
      return 0;
    }
    if (!arg) {
      console.error(usage);
      return 2;
    }
    if (command === 'new-token') {
      const token = await renewStaffToken(database.db, arg);
      if (!token) { console.error(`no staff with e-mail ${arg}`); return 1; }
      console.log(`token (shown once): ${token}`);
      return 0;
    }
    if (!(await revokeStaff(database.db, systemClock, arg))) { console.error(`no staff with e-mail ${arg}`); return 1; }
    console.log(`revoked ${arg}`);
    return 0;
  } finally {
    await database.close();
  }
}

async function main(argv: string[]): Promise<number> {
  if (argv[0] === 'create-staff' || argv[0] === 'new-token' || argv[0] === 'revoke-staff') return staffCommand(argv);
  const [command, phone, eventType, ...rest] = argv;
  if (!command || !phone || (command === 'event' && !eventType)) {
    console.error(usage);
    return 2;
  }
  const env = process.env;
  const database = await openDatabase(env.DATABASE_URL
    ? { databaseUrl: env.DATABASE_URL }
    : { pgliteDir: join(resolve(env.DATA_DIR ?? './data'), 'pglite') });
  try {
    await database.migrate();
    const [customer] = await database.db.select({ id: customers.id }).from(customers).where(eq(customers.phone, phone));
    if (!customer) {
      console.error(`no customer with phone ${phone}`);
      return 1;
    }
    if (command === 'event') {
      const versionAt = rest.indexOf('--version');
      const version = versionAt >= 0 ? Number(rest[versionAt + 1]) : undefined;
      const actorEmail = option(rest, '--as');
      const paymentType = rest.find((a) => a === 'CASH_PURCHASE' || a === 'FINANCING');
      if (!(STAFF_EVENTS as readonly string[]).includes(eventType ?? '')) {
        console.error(`unknown staff event ${String(eventType)} (bill decisions: PUT /api/v1/admin/customers/{id}/bill); one of: ${STAFF_EVENTS.join(', ')}`);
        return 2;
      }
      // Every staff action is audited, so the CLI needs to know who acts.
      const [member] = actorEmail
        ? await database.db.select({ id: staff.id }).from(staff).where(and(eq(staff.email, actorEmail.toLowerCase()), isNull(staff.revokedAt)))
        : [];
      if (!member) {
        console.error('--as <staff e-mail> of an active staff account is required (npm run staff -- create-staff ...)');
        return 2;
      }
      const event = { type: eventType, ...(paymentType ? { paymentType } : {}) } as ProcessEvent;
      try {
        const r = await database.db.transaction(async (tx) => {
          const move = await applyProcessEventIn(tx, systemClock, customer.id, event, version);
          if (event.type === 'proposal.finalApproved') {
            await tx.update(customers).set({ subscriptionLending: 'LENDING', paymentType: event.paymentType, updatedAt: systemClock.now() }).where(eq(customers.id, customer.id));
          }
          await audit(tx, systemClock, {
            staffId: member.id, action: `process:${event.type}`, customerId: customer.id,
            before: { state: move.before, version: move.version - 1 }, after: { state: move.after, version: move.version },
          });
          return move;
        });
        console.log(`version ${r.version}`);
      } catch (e) {
        if (e instanceof ProcessEventRefused || e instanceof ProcessVersionConflict) {
          console.error(e.message);
          return 1;
        }
        throw e;
      }
    } else if (command !== 'steps') {
      console.error(usage);
      return 2;
    }
    const p = await loadProcess(database.db, customer.id);
    console.log(`state ${JSON.stringify(p?.snapshot.value)} version ${p?.version}`);
    for (const s of await customerSteps(database.db, customer.id)) console.log(`${s.type.padEnd(17)} ${s.status}`);
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then((code) => process.exit(code), (e: unknown) => {
  console.error(e);
  process.exit(1);
});
