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
