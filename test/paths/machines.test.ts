import { existsSync } from 'node:fs';
import { expect, it } from 'vitest';
import { machineRegistry } from '../../machines/index';
import { pathModels } from './models';

// Each machine's paths run in test/paths/<machine>.test.ts; here, that none is left without.
it('every registered machine has a path model and a test file', () => {
  expect(pathModels.map((m) => m.name).sort()).toEqual(machineRegistry.map((m) => m.name).sort());
  for (const entry of machineRegistry) {
    expect(pathModels.find((m) => m.name === entry.name)?.machine).toBe(entry.machine);
    expect(existsSync(`test/paths/${entry.name}.test.ts`), `test/paths/${entry.name}.test.ts`).toBe(true);
  }
});

// A check keyed by a state that is not the machine's would never run: every key names a state.
it("every path model's state checks name states of its machine", () => {
  for (const model of pathModels) {
    const ids = new Set<string>();
    const walk = (node: { id: string; states: Record<string, unknown> }) => {
      ids.add(node.id);
      for (const child of Object.values(node.states)) walk(child as typeof node);
    };
    walk(model.machine.root as unknown as { id: string; states: Record<string, unknown> });
    const unknown = Object.keys(model.checks ?? {}).filter((key) => !ids.has(key) && !ids.has(`${model.machine.id}.${key}`));
    expect(unknown, model.name).toEqual([]);
  }
});
