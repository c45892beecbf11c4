import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff } from '../../src/server/staff/service';
import { stepsFromSnapshot } from '#machines/process/steps';
import { createTestServer, type TestServer } from '../support/server';
import { call, signUpNewCustomer } from '../support/flows';
import { processDriver, type ServerCustomer } from './serverProcess';
import { formatEvent, formatFailure, generatePaths, stateText, type TestPath } from './engine';
import { processPaths } from './process.paths';
import { maySupply, type SupplyFacts } from '../../src/shared/payment/rules';

/**
 * The process machine's shortest paths driven through the API: a customer signed up through the
 * customer endpoints, each customer event done through the customer's own endpoint (plan
 * simulation, bill upload, initial-proposal approval) and each staff event through the staff
 * endpoints with a staff account made by the staff service. After every step the customer's
 * GET /portal/customers/steps must be the list the machine derives from the path's state, and the
 * staff view of the process must be in the path's state.
 */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
  const staffToken = (await createStaff(server.db, server.clock, 'Paula Teste', `paths.${process.pid}@empresa.com.br`)).token;
  driver = processDriver(server, staffToken);
});
afterAll(async () => { await server?.close(); });

type Customer = ServerCustomer;
let driver: ReturnType<typeof processDriver>;
const processOf = (c: Customer) => driver.processOf(c);

/** Why a path cannot be driven through this server's endpoints, or null when it can. */
function notDrivable(path: TestPath): string | null {
  if (path.input.sample === 'lendingCustomer') {
    return 'the server starts every process as a subscription one; lending is reached by proposal.finalApproved (the other paths)';
  }
  // the move to SUPPLY is decided on facts the server reads: a path can only bring the facts of the
  // payment type it chose, and a refused move (one condition short) is walked in test/server/payment/supply.test.ts
  const chosen = path.steps.find((s) => s.event.type === 'proposal.finalApproved')?.event as { paymentType?: string } | undefined;
  const supply = path.steps.find((s) => s.event.type === 'supply.requested')?.event as { facts?: SupplyFacts } | undefined;
  if (supply?.facts && (!maySupply(supply.facts) || supply.facts.paymentType !== chosen?.paymentType)) {
    return `the server reads its own facts: a ${chosen?.paymentType ?? 'customer'} path cannot bring these (covered by test/server/payment/supply.test.ts)`;
  }
  return null;
}

const { paths } = generatePaths(processPaths);

describe('process paths through the API (customer and staff endpoints, PGlite)', () => {
  for (const path of paths.filter((p) => p.kind === 'shortest')) {
    const reason = notDrivable(path);
    const title = `#${path.index} ${path.title}`;
    if (reason) {
      it.skip(`${title} — not driven through the API: ${reason}`, () => {});
      continue;
    }
    it(title, async () => {
      const signedUp = await signUpNewCustomer(server);
      const me = await call(server, 'GET', '/portal/customers', undefined, { token: signedUp.token });
      const c: Customer = { id: Number(me.body.id), token: signedUp.token, phone: signedUp.phone };
      let last = '';
      const check = async (i: number) => {
        const expected = i < 0 ? path.initial : path.steps[i]!.state;
        const steps = await call(server, 'GET', '/portal/customers/steps', undefined, { token: c.token });
        const view = await processOf(c);
        last = `server state ${stateText(view.state)}; steps ${JSON.stringify(steps.body.data)}`;
        expect(steps.status).toBe(200);
        expect(view.state).toEqual(expected.value);
        expect(steps.body.data).toEqual(stepsFromSnapshot(expected as never, c.id));
      };
      try {
        await check(-1);
      } catch (error) {
        throw new Error(formatFailure(path, -1, error instanceof Error ? error.message.split('\n')[0]! : String(error), last), { cause: error });
      }
      for (const [i, step] of path.steps.entries()) {
        try {
          const next = path.steps[i + 1]?.event.type;
          if (step.event.type === 'proposal.initialSent' && JSON.stringify((await processOf(c)).state) === JSON.stringify(step.state.value)) {
            // the server sent the initial proposal itself (its sizing engine) the moment onboarding ended
          } else {
            const r = await driver.drive(c, step.event);
            expect(r.status, `${formatEvent(step.event)} answered ${r.status} ${JSON.stringify(r.body)}`).toBeLessThan(300);
          }
          if (next === 'proposal.initialSent' && step.state.matches({ proposalInitial: 'preparing' })) {
            // onboarding just ended: the server sends the initial proposal on its own, so it is
            // already one step further; that step is checked when the path gets there
            continue;
          }
          await check(i);
        } catch (error) {
          throw new Error(formatFailure(path, i, error instanceof Error ? error.message.split('\n')[0]! : String(error), last), { cause: error });
        }
      }
    }, 60_000);
  }
});
