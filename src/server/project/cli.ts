import { resolve, join } from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import * as v from 'valibot';
import { messages as m } from '#shared/messages';
import { ProjectMessageInput, ProjectStatusChange } from '#shared/project/payloads';
import { PROJECT_STATUSES } from '#shared/project/rules';
import { systemClock } from '../config';
import { openDatabase } from '../platform/db/index';
import { customers, staff } from '../platform/db/schema';
import { DomainError } from '../errors';
import { ProcessEventRefused, ProcessVersionConflict } from '../process/host';
import { changeProjectStatus, postProjectMessage, staffProjectView, switchProjectUpload } from './service';
import { processReactions } from '../process/reactions';

/**
 * Staff CLI commands for the project follow-up (the same services as the admin endpoints: the
 * customer is told in the bell, every change audited):
 *   npm run staff -- project <phone>                                    status, the distributor's requests, the mural, the files
 *   npm run staff -- project-status <phone> <STATUS> --as <staff e-mail> [--version N]
 *       [--protocol <n> --filed-on <AAAA-MM-DD> [--deadline-days N] [--business-days] [--distributor <name>]]
 *   npm run staff -- project-message <phone> "<text>" --as <staff e-mail>
 *   npm run staff -- project-upload <phone> on|off --as <staff e-mail>
 * STATUS is the next of: PROJECT_IN_PREPARATION ... SYSTEM_CONNECTED_AND_WORKING (the current one again
 * corrects its request with the distributor).
 */
export const PROJECT_COMMANDS = ['project', 'project-status', 'project-message', 'project-upload'] as const;
const usage = 'usage: npm run staff -- project <phone> | project-status <phone> <STATUS> --as <staff e-mail> [--version N]'
  + ' [--protocol <n> --filed-on <AAAA-MM-DD> [--deadline-days N] [--business-days] [--distributor <name>]]'
  + ' | project-message <phone> "<text>" --as <staff e-mail> | project-upload <phone> on|off --as <staff e-mail>';

const option = (argv: string[], name: string): string | undefined => {
  const at = argv.indexOf(name);
  return at >= 0 ? argv[at + 1] : undefined;
};

/** The status change as the admin endpoint takes it (numbers parsed, the same schema checks it). */
function statusChange(argv: string[], status: string | undefined): v.SafeParseResult<typeof ProjectStatusChange> {
  const version = option(argv, '--version');
  const protocol = option(argv, '--protocol');
  const days = option(argv, '--deadline-days');
  const filing = protocol === undefined ? undefined : {
    protocol, filed_on: option(argv, '--filed-on') ?? '', distributor: option(argv, '--distributor') ?? null,
    deadline_days: days === undefined ? null : Number(days), deadline_unit: argv.includes('--business-days') ? 'BUSINESS' : 'CALENDAR',
  };
  return v.safeParse(ProjectStatusChange, { status, ...(version ? { version: Number(version) } : {}), ...(filing ? { filing } : {}) });
}

export async function projectCommand(argv: string[]): Promise<number> {
  const [command, phone, arg] = argv;
  if (!phone || (command !== 'project' && !arg)) { console.error(usage); return 2; }
  const env = process.env;
  const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { pgliteDir: join(resolve(env.DATA_DIR ?? './data'), 'pglite') });
  const db = database.db;
  const deps = { db, clock: systemClock, reactions: processReactions };
  try {
    await database.migrate();
    const [customer] = await db.select({ id: customers.id }).from(customers).where(eq(customers.phone, phone));
    if (!customer) { console.error(`no customer with phone ${phone}`); return 1; }
    if (command !== 'project') {
      const email = option(argv, '--as');
      const [member] = email ? await db.select({ id: staff.id }).from(staff).where(and(eq(staff.email, email.toLowerCase()), isNull(staff.revokedAt))) : [];
      if (!member) { console.error('--as <staff e-mail> of an active staff account is required (npm run staff -- create-staff ...)'); return 2; }
      try {
        if (command === 'project-status') {
          const change = statusChange(argv, arg);
          if (!change.success) { console.error(`${change.issues[0]?.message ?? 'invalid'}; STATUS one of ${PROJECT_STATUSES.join(', ')}`); return 2; }
          await changeProjectStatus(deps, member.id, customer.id, change.output);
        } else if (command === 'project-message') {
          const input = v.safeParse(ProjectMessageInput, { message: arg });
          if (!input.success) { console.error(input.issues[0]?.message ?? usage); return 2; }
          await postProjectMessage(deps, member.id, customer.id, { message: input.output.message });
        } else if (command === 'project-upload' && (arg === 'on' || arg === 'off')) {
          await switchProjectUpload(deps, member.id, customer.id, arg === 'on');
        } else {
          console.error(usage);
          return 2;
        }
      } catch (e) {
        if (e instanceof ProcessEventRefused || e instanceof ProcessVersionConflict || (e instanceof DomainError && (e.refusal === 'PROCESS_REFUSED' || e.refusal === 'PROCESS_STALE'))) {
          console.error('refused: not the next status, a request before the distributor stage, or the customer moved on (see `project <phone>`)');
          return 1;
        }
        if (e instanceof DomainError && e.refusal === 'VALIDATION') { console.error('a request with the distributor starts at PROJECT_SUBMITTED_TO_DEALERSHIP'); return 2; }
        throw e;
      }
    }
    const view = await staffProjectView(db, systemClock, customer.id);
    const status = view.project_status;
    console.log(`status ${status ?? '(project not opened)'}${status ? ` — ${m[`project.status.${status}`]}` : ''} | process version ${view.version}`);
    for (const f of view.filings) {
      const deadline = f.deadline_days === null ? 'no deadline' : `${f.deadline_days} ${f.deadline_unit === 'BUSINESS' ? 'dias úteis' : 'dias'}`;
      console.log(`  ${f.stage}: protocol ${f.protocol}${f.distributor ? ` (${f.distributor})` : ''}, filed ${f.filed_on}, ${deadline}`);
    }
    const d = view.case?.dealership;
    if (d) console.log(`  today: ${d.days_elapsed} days since filing${d.due_on ? `, due ${d.due_on}` : ''}${d.overdue ? ', OVERDUE' : ''}`);
    if (view.case) {
      console.log(`case ${view.case.id} | upload ${view.case.upload_available ? 'open' : 'closed'} | ${view.case.files.length} file(s) | ${view.case.messages.length} message(s)`);
      for (const msg of view.case.messages) console.log(`  [${msg.created_at}] ${msg.message}`);
    }
    return 0;
  } finally {
    await database.close();
  }
}
