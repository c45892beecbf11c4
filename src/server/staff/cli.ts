import { resolve, join } from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import type { ProcessEvent } from '#machines/process/processMachine';
import { systemClock } from '../config';
import { openDatabase } from '../platform/db/index';
import { customers, staff } from '../platform/db/schema';
import { byStaff, customerSteps, loadProcess, moveProcess, ProcessEventRefused, ProcessVersionConflict } from '../process/host';
import { createStaff, renewStaffToken, revokeStaff } from './service';
import { INVITE_DAYS, invite } from './auth';
import { STAFF_ROLES, type StaffRole } from '#shared/staff/roles';
import { STAFF_EVENTS } from '#shared/process/payloads';
import { VISIT_COMMANDS, visitCommand } from '../visit/cli';
import { BILL_COMMANDS, billCommand } from '../bill/cli';
import { DOCUMENT_COMMANDS, documentCommand } from '../document/cli';
import { CONTRACT_COMMANDS, contractCommand } from '../contract/cli';
import { PROJECT_COMMANDS, projectCommand } from '../project/cli';
import { PAYMENT_COMMANDS, paymentCommand } from '../payment/cli';
import * as v from 'valibot';
import { FinalProposalRequest } from '#shared/proposal/payloads';
import { DomainError } from '../errors';
import { publishFinalProposal } from '../proposal/service';
import { setPartnership } from '../customer/partnership';
import { busyMessage, DataDirBusyError, lockDataDir, type DataDirLock } from '../platform/dataDirLock';
import { processReactions } from '../process/reactions';

/**
 * People of the back-office (/staff) are invited: the printed link opens the enrolment of a TOTP
 * app, then they sign in with e-mail and the app's code. Roles: admin, analyst, scheduler, sales,
 * support (src/shared/staff/roles.ts), one or more:
 *   npm run staff -- invite --name "Ana Souza" --email ana@empresa.com.br --role analyst
 * Scripts' accounts (the printed token is a bearer token for /api/v1/admin/...; only its hash is
 * stored, so it is shown once; every role unless --role says otherwise):
 *   npm run staff -- create-staff --name "Ana Souza" --email ana@empresa.com.br [--role sales]
 *   npm run staff -- new-token <email>      (replaces the old token)
 *   npm run staff -- revoke-staff <email>
 * Staff actions on a customer's process until the back office exists:
 *   npm run staff -- steps <phone>
 *   npm run staff -- event <phone> <event> --as <staff e-mail> [CASH_PURCHASE|FINANCING] [--version N]
 * e.g. `npm run staff -- event 5511987654321 visit.confirmed --as ana@empresa.com.br` (audited). Same database settings as the server.
 * The FINAL proposal, once the visit is accomplished and approved (sized from the bill; the options override):
 *   npm run staff -- publish-proposal <phone> --as <staff e-mail> [--power-kwp 5.5] [--price 14990]
 *     [--module-brand ..] [--module-warranty 12] [--inverter-brand ..] [--inverter-warranty 10] [--structure-type ..] [--structure-warranty 5]
 * An individual's employer partnership, confirmed or withdrawn (the bill page then asks for the employee badge):
 *   npm run staff -- partnership <phone> on|off --as <staff e-mail>
 * The booking's documents (see ../document/cli.ts): `documents <phone>`, `document <phone> <id> approve|deny --reason ".." --as <e-mail>`.
 * The project follow-up (see ../project/cli.ts): `project <phone>`, `project-status <phone> <STATUS> --as <e-mail> [--protocol ..]`,
 * `project-message <phone> ".." --as <e-mail>`, `project-upload <phone> on|off --as <e-mail>`.
 * On the embedded database (no DATABASE_URL) a command refuses to run while the server holds
 * DATA_DIR (its lock file names it): stop the server first, or use PostgreSQL for both.
 */
const usage = 'usage: npm run staff -- invite --name <name> --email <email> --role <role,...>'
  + ' | create-staff --name <name> --email <email> [--role <role,...>] | new-token <email> | revoke-staff <email>'
  + ' | steps <phone> | event <phone> <event> --as <staff e-mail> [CASH_PURCHASE|FINANCING] [--version N]'
  + ' | publish-proposal <phone> --as <staff e-mail> [--power-kwp N] [--price N] [--module-brand B] [--module-warranty N]'
  + ' [--inverter-brand B] [--inverter-warranty N] [--structure-type T] [--structure-warranty N]'
  + ' | partnership <phone> on|off --as <staff e-mail> | bills <phone> | documents <phone> | contracts <phone> | verify-signature <file.pdf>'
  + ' | project <phone> | project-status <phone> <STATUS> --as <e-mail> | project-message <phone> <text> --as <e-mail> | project-upload <phone> on|off --as <e-mail>'
  + ' | payment <phone> | financing <phone> IN_EVALUATION|APPROVED|DENIED --as <e-mail> | invoice <phone> paid|cancel --as <e-mail>';

/** The FINAL proposal's options as the admin endpoint takes them (numbers parsed, the same schema checks them). */
function finalProposalOptions(argv: string[]): v.SafeParseResult<typeof FinalProposalRequest> {
  const num = (name: string) => { const raw = option(argv, name); return raw === undefined ? undefined : Number(raw.replace(',', '.')); };
  const raw = {
    power_kwp: num('--power-kwp'), price: num('--price'),
    module_brand: option(argv, '--module-brand'), module_warranty: num('--module-warranty'),
    inverter_brand: option(argv, '--inverter-brand'), inverter_warranty: num('--inverter-warranty'),
    structure_type: option(argv, '--structure-type'), structure_warranty: num('--structure-warranty'),
  };
  return v.safeParse(FinalProposalRequest, Object.fromEntries(Object.entries(raw).filter(([, x]) => x !== undefined)));
}

const option = (argv: string[], name: string): string | undefined => {
  const at = argv.indexOf(name);
  return at >= 0 ? argv[at + 1] : undefined;
};

/** `--role analyst,sales`: the roles, undefined when not given, null when one is not a role. */
function rolesOption(argv: string[]): StaffRole[] | undefined | null {
  const raw = option(argv, '--role');
  if (raw === undefined) return undefined;
  const roles = raw.split(',').map((r) => r.trim()).filter(Boolean);
  return roles.length > 0 && roles.every((r) => (STAFF_ROLES as readonly string[]).includes(r)) ? (roles as StaffRole[]) : null;
}

async function staffCommand(argv: string[]): Promise<number> {
  const [command, arg] = argv;
  const env = process.env;
  const database = await openDatabase(env.DATABASE_URL
    ? { databaseUrl: env.DATABASE_URL }
    : { pgliteDir: join(resolve(env.DATA_DIR ?? './data'), 'pglite') });
  try {
    await database.migrate();
    const roles = rolesOption(argv);
    if (roles === null) {
      console.error(`--role takes one or more of ${STAFF_ROLES.join(', ')}, separated by commas`);
      return 2;
    }
    if (command === 'invite') {
      const name = option(argv, '--name');
      const email = option(argv, '--email');
      if (!name || !email || !/^[^@\s]+@[^@\s]+$/.test(email) || !roles) {
        console.error(usage);
        return 2;
      }
      const invited = await invite({ db: database.db, clock: systemClock }, { name, email, roles });
      const origin = (env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT ?? 3000}`).replace(/\/$/, '');
      // the token in the #fragment: browsers never send it, so no server or proxy log holds it
      console.log(`staff ${invited.id} ${email.toLowerCase()} (${roles.join(', ')})\ninvitation (valid ${INVITE_DAYS} days, shown once): ${origin}/staff/convite#${invited.token}`);
      return 0;
    }
    if (command === 'create-staff') {
      const name = option(argv, '--name');
      const email = option(argv, '--email');
      if (!name || !email || !/^[^@\s]+@[^@\s]+$/.test(email)) {
        console.error(usage);
        return 2;
      }
      const created = await createStaff(database.db, systemClock, name, email, roles ?? STAFF_ROLES);
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

/**
 * The embedded database's lock for the length of one command; null (the holder printed) when the
 * server or another command holds DATA_DIR. Nothing to hold on PostgreSQL.
 */
function holdDataDir(): DataDirLock | null | 'postgres' {
  if (process.env.DATABASE_URL) return 'postgres';
  try {
    return lockDataDir(resolve(process.env.DATA_DIR ?? './data'), 'staff-cli');
  } catch (e) {
    if (!(e instanceof DataDirBusyError)) throw e;
    console.error(busyMessage(e));
    return null;
  }
}

async function main(argv: string[]): Promise<number> {
  const lock = holdDataDir();
  if (lock === null) return 1;
  try {
    return await command(argv);
  } finally {
    if (lock !== 'postgres') lock.release();
  }
}

async function command(argv: string[]): Promise<number> {
  if (argv[0] === 'invite' || argv[0] === 'create-staff' || argv[0] === 'new-token' || argv[0] === 'revoke-staff') return staffCommand(argv);
  if ((VISIT_COMMANDS as readonly string[]).includes(argv[0] ?? '')) return visitCommand(argv);
  if ((DOCUMENT_COMMANDS as readonly string[]).includes(argv[0] ?? '')) return documentCommand(argv);
  if ((BILL_COMMANDS as readonly string[]).includes(argv[0] ?? '')) return billCommand(argv);
  if ((CONTRACT_COMMANDS as readonly string[]).includes(argv[0] ?? '')) return contractCommand(argv);
  if ((PROJECT_COMMANDS as readonly string[]).includes(argv[0] ?? '')) return projectCommand(argv);
  if ((PAYMENT_COMMANDS as readonly string[]).includes(argv[0] ?? '')) return paymentCommand(argv);
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
    if (command === 'partnership') {
      const actorEmail = option(argv, '--as');
      const [member] = actorEmail
        ? await database.db.select({ id: staff.id }).from(staff).where(and(eq(staff.email, actorEmail.toLowerCase()), isNull(staff.revokedAt)))
        : [];
      if (eventType !== 'on' && eventType !== 'off') {
        console.error(usage);
        return 2;
      }
      if (!member) {
        console.error('--as <staff e-mail> of an active staff account is required (npm run staff -- create-staff ...)');
        return 2;
      }
      try {
        const r = await setPartnership(database.db, systemClock, member.id, customer.id, eventType === 'on');
        console.log(`partnership ${r.has_partnership ? 'on' : 'off'}${r.changed ? '' : ' (unchanged)'}`);
        return 0;
      } catch (e) {
        if (e instanceof DomainError && e.refusal === 'PROCESS_REFUSED') {
          console.error('a company (CNPJ) has no employer partnership');
          return 1;
        }
        throw e;
      }
    }
    if (command === 'publish-proposal') {
      const actorEmail = option(argv, '--as');
      const [member] = actorEmail
        ? await database.db.select({ id: staff.id }).from(staff).where(and(eq(staff.email, actorEmail.toLowerCase()), isNull(staff.revokedAt)))
        : [];
      if (!member) {
        console.error('--as <staff e-mail> of an active staff account is required (npm run staff -- create-staff ...)');
        return 2;
      }
      const options = finalProposalOptions(argv);
      if (!options.success) {
        console.error(options.issues[0]?.message ?? usage);
        return 2;
      }
      try {
        const published = await database.db.transaction((tx) => publishFinalProposal(tx, { clock: systemClock, reactions: processReactions }, customer.id, member.id, options.output));
        console.log(`final proposal ${published.id} published; version ${published.version}`);
      } catch (e) {
        if (e instanceof DomainError) {
          console.error(e.message);
          return 1;
        }
        throw e;
      }
    } else if (command === 'event') {
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
        // the move's reactions write the audit line (and the payment type of a final approval)
        const r = await moveProcess(database.db, { clock: systemClock, reactions: processReactions }, customer.id, event, { by: byStaff(member.id), expectedVersion: version });
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
