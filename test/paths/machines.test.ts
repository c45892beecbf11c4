import { describe, expect, it } from 'vitest';
import { machineRegistry } from '../../machines/index';
import { coverageOf, generatePaths, newRecorder, runPath } from '../../scripts/lib/paths';
import { pathModels } from './models';

// Every registered machine, every generated path, run against the machine alone (actors replaced
// by stand-ins that settle with the path's sample data, time simulated); then the coverage gate.

it('every registered machine has a path model', () => {
  expect(pathModels.map((m) => m.name).sort()).toEqual(machineRegistry.map((m) => m.name).sort());
  for (const entry of machineRegistry) expect(pathModels.find((m) => m.name === entry.name)?.machine).toBe(entry.machine);
});

const short = (text: string) => (text.length > 160 ? `${text.slice(0, 157)}...` : text);

for (const model of pathModels) {
  describe(`${model.name} paths`, () => {
    const generated = generatePaths(model);
    const recorder = newRecorder();
    for (const path of generated.paths) {
      it(`#${path.index} ${path.kind} to ${path.target}: ${short(path.title)}`, async () => {
        await runPath(model, path, recorder);
      });
    }
    it('reached every state and took every transition', () => {
      const { states, transitions } = coverageOf(model, recorder);
      expect(states.missing).toEqual([]);
      expect(transitions.missing).toEqual([]);
    });
  });
}
