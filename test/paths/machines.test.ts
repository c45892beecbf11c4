import { existsSync, readdirSync } from 'node:fs';
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

it('every machine file in machines/ is in the registry, so it has a diagram and paths', async () => {
  const files = readdirSync('machines', { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) => readdirSync(`machines/${d.name}`).filter((f) => /Machine\.ts$/.test(f)).map((f) => `machines/${d.name}/${f}`));
  expect(files.length).toBeGreaterThan(0);
  const registered = new Set(machineRegistry.map((m) => m.machine));
  for (const file of files) {
    const module = (await import(`../../${file}`)) as Record<string, unknown>;
    const machines = Object.entries(module).filter(([, v]) => typeof v === 'object' && v !== null && 'root' in v && 'getInitialSnapshot' in v);
    for (const [name, machine] of machines) expect(registered.has(machine as never), `${name} from ${file}`).toBe(true);
  }
  expect(machineRegistry.map((m) => m.source).sort()).toEqual(expect.arrayContaining([...files].sort()));
});
