import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { cruise, type ICruiseResult, type IViolation } from 'dependency-cruiser';
import { afterAll, describe, expect, test } from 'vitest';

import { pathToFileURL } from 'node:url';

/** The rules as `npx depcruise` reads them (a plain module beside package.json). */
const rules = (await import(pathToFileURL(join(process.cwd(), '.dependency-cruiser.mjs')).href)).default as { forbidden: unknown[]; options: Record<string, unknown> };

/** Every violation of the structure's rules in `folders` of `baseDir`, as "rule: from → to". */
async function violations(folders: string[], baseDir = process.cwd(), tsConfig = true): Promise<string[]> {
  const { output } = await cruise(folders, {
    ...rules.options,
    ...(tsConfig ? {} : { tsConfig: undefined }),
    baseDir,
    validate: true,
    ruleSet: { forbidden: rules.forbidden } as never,
  });
  const summary = (output as ICruiseResult).summary.violations as IViolation[];
  return summary.map((v) => `${v.rule.name}: ${v.from} → ${v.to}${v.cycle ? ` (${v.cycle.map((c) => c.name).join(' → ')})` : ''}`);
}

describe('the structure', () => {
  test('no runtime import cycle in the server, the app, the machines or the shared rules; no feature imports another; the back-office imports no customer feature', { timeout: 60_000 }, async () => {
    expect(await violations(['src', 'machines'])).toEqual([]);
  });

  // the rules bite: a probe tree with one of each hole
  const probe = mkdtempSync(join(process.cwd(), 'node_modules', '.cache-structure-probe-'));
  afterAll(() => rmSync(probe, { recursive: true, force: true }));
  const write = (path: string, text: string) => { mkdirSync(dirname(join(probe, path)), { recursive: true }); writeFileSync(join(probe, path), text); };

  test('each rule catches its hole, and a type-only import is not a cycle', { timeout: 60_000 }, async () => {
    write('src/server/process/host.ts', "import { draft } from '../proposal/service';\nexport const move = () => draft();\n");
    write('src/server/proposal/service.ts', "import { move } from '../process/host';\nexport const draft = () => move;\n");
    write('src/server/visit/service.ts', "import type { Slot } from './agenda';\nexport type Visit = { slot: Slot };\n");
    write('src/server/visit/agenda.ts', "import type { Visit } from './service';\nexport type Slot = { visit?: Visit };\n");
    write('src/web/features/profile/Billing.tsx', "import { CardForm } from '../checkout/CardForm';\nexport const Billing = CardForm;\n");
    write('src/web/features/checkout/CardForm.tsx', 'export const CardForm = 1;\n');
    write('src/web/backoffice/Panel.tsx', "import { CardForm } from '../features/checkout/CardForm';\nexport const Panel = CardForm;\n");
    const found = await violations(['src'], probe, false);
    expect(found.some((v) => v.startsWith('no-runtime-cycle: src/server/process/host.ts → src/server/proposal/service.ts'))).toBe(true);
    expect(found).toContain('feature-imports-feature: src/web/features/profile/Billing.tsx → src/web/features/checkout/CardForm.tsx');
    expect(found).toContain('backoffice-imports-feature: src/web/backoffice/Panel.tsx → src/web/features/checkout/CardForm.tsx');
    expect(found.filter((v) => v.includes('src/server/visit/'))).toEqual([]);
  });
});
