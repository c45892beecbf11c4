import { describe, expect, it } from 'vitest';
import { coverageOf, generatePaths, newRecorder, runPath, type PathModel } from './engine';

const short = (text: string) => (text.length > 160 ? `${text.slice(0, 157)}...` : text);

/**
 * One test per generated path, run against the machine alone (actors replaced by stand-ins that
 * settle with the path's sample data, time simulated), then the coverage gate for the machine.
 */
export function describePaths(model: PathModel): void {
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
