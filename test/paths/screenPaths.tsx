import type { ReactElement } from 'react';
import { it } from 'vitest';
import { render } from '@testing-library/react';
import type { TestServer } from '../support/server';
import { formatEvent, formatFailure, generatePaths, type PathModel, type TestPath } from './engine';

/**
 * What the screens' path tests share: each shortest path of a model driven through its real screen
 * (happy-dom, the API in process), the requests of an actor the path says fails cut off, and after
 * every step a check that the screen shows what the machine's state stands for. A test file says
 * which paths its server cannot give, how a customer for a path is made, how a step is done and
 * what the screen must show.
 */

export const stepLabel = (path: TestPath, i: number) => formatEvent(path.steps[i]!.event);
export const stepLabels = (path: TestPath) => path.steps.map((_, i) => stepLabel(path, i));

export interface ScreenPathRun<Cut extends string> {
  /** the requests cut off before the step being done */
  cuts: Set<Cut>;
}

export interface ScreenPathsOptions<Cut extends string, C, R extends ScreenPathRun<Cut>> {
  model: PathModel;
  server: () => TestServer;
  /** why a path cannot be driven through the screen on this server, or null */
  notDrivable: (path: TestPath) => string | null;
  customerFor: (path: TestPath) => Promise<C>;
  newRun: () => R;
  /** which cut a request belongs to (null: never cut) */
  cutOf: (request: Request) => Cut | null;
  /** the cut an actor's failure in the path stands for */
  cutByActor: Readonly<Record<string, Cut>>;
  /** cuts a path keeps from start to end (a check that always fails for it) */
  alwaysCut?: (path: TestPath) => Cut[];
  render: (customer: C, fetch: TestServer['fetch'], run: R, path: TestPath) => ReactElement;
  step: (run: R, path: TestPath, i: number) => Promise<void>;
  shows: (run: R, path: TestPath, i: number) => Promise<void>;
}

const screenText = () => (document.body.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 1200);

/** One `it` per shortest path of the model (skipped, with the reason, where the server cannot give it). */
export function describeScreenPaths<Cut extends string, C, R extends ScreenPathRun<Cut>>(o: ScreenPathsOptions<Cut, C, R>): void {
  const { paths } = generatePaths(o.model);
  const prepare = (run: R, path: TestPath, i: number) => {
    run.cuts.clear();
    for (const cut of o.alwaysCut?.(path) ?? []) run.cuts.add(cut);
    for (const next of [stepLabel(path, i), path.steps[i + 1] ? stepLabel(path, i + 1) : '']) {
      const failing = /^(\w+) fails \(offline\)/.exec(next)?.[1];
      if (failing && o.cutByActor[failing]) run.cuts.add(o.cutByActor[failing]!);
    }
  };
  for (const path of paths.filter((p) => p.kind === 'shortest')) {
    const reason = o.notDrivable(path);
    const title = `#${path.index} ${path.title}`;
    if (reason) {
      it.skip(`${title} — not driven through the screen: ${reason}`, () => {});
      continue;
    }
    it(title, async () => {
      const customer = await o.customerFor(path);
      const run = o.newRun();
      const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
        const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://portal.test'), init);
        const cut = o.cutOf(request);
        if (cut && run.cuts.has(cut)) throw new TypeError('network down');
        return o.server().fetch(request);
      }) as TestServer['fetch'];
      prepare(run, path, 0);
      render(o.render(customer, fetch, run, path));
      for (const [i] of path.steps.entries()) {
        try {
          prepare(run, path, i);
          await o.step(run, path, i);
          await o.shows(run, path, i);
        } catch (error) {
          throw new Error(formatFailure(path, i, error instanceof Error ? error.message.split('\n')[0]! : String(error), screenText()), { cause: error });
        }
      }
    }, 60_000);
  }
}
