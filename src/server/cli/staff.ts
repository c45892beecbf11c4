import { resolve, join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { ProcessEvent } from '../../../machines/process/processMachine';
import { systemClock } from '../config';
import { openDatabase } from '../db/index';
import { customers } from '../db/schema';
import { applyProcessEvent, customerSteps, loadProcess, ProcessEventRefused, ProcessVersionConflict } from '../process/service';

/**
 * Staff actions on a customer's process until the back office exists:
 *   npm run staff -- steps <phone>
 *   npm run staff -- event <phone> <event> [CASH_PURCHASE|FINANCING] [--version N]
 * e.g. `npm run staff -- event 5511987654321 bill.approved`. Same database settings as the server.
 */
const usage = 'usage: npm run staff -- steps <phone> | event <phone> <event> [CASH_PURCHASE|FINANCING] [--version N]';

async function main(argv: string[]): Promise<number> {
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
      const paymentType = rest.find((a) => a === 'CASH_PURCHASE' || a === 'FINANCING');
      const event = { type: eventType, ...(paymentType ? { paymentType } : {}) } as ProcessEvent;
      try {
        const r = await applyProcessEvent(database.db, systemClock, customer.id, event, version);
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
