import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * `npm run lint` enforces the four seams of ARCHITECTURE.md. Each case lints one line of code as if
 * it stood in a file of that seam (nothing is written to disk) and expects the seam rule to fire,
 * or not to fire for what the seam allows.
 */
const eslint = new ESLint();

async function seamErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = x;\n`, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('the seams are enforced by lint', () => {
  const refused: [string, string, string][] = [
    ['a machine importing the browser app', 'machines/bill/billMachine.ts', "import { x } from '../../src/web/journey/useGo';"],
    ['a machine importing the server', 'machines/process/processMachine.ts', "import { x } from '../../src/server/process/host';"],
    ['a machine importing React', 'machines/visit/visitMachine.ts', "import { x } from 'react';"],
    ['shared code importing a machine', 'src/shared/steps.ts', "import { x } from '#machines/journey/journeyMachine';"],
    ['shared code importing the browser app', 'src/shared/bill/rules.ts', "import { x } from '../../web/ui/Button/Button';"],
    ['shared code importing the server', 'src/shared/menu.ts', "import { x } from '../server/platform/db/schema';"],
    ['shared code importing a Node API', 'src/shared/money.ts', "import { x } from 'node:fs';"],
    ['the server importing the browser app', 'src/server/engines/pdf/proposalPdf.ts', "import { x } from '../../../web/theme/brand';"],
    ['the browser app importing the server', 'src/web/features/bill/BillScreen.tsx', "import { x } from '../../../server/engines/sizing';"],
  ];
  for (const [what, file, code] of refused) {
    it(`refuses ${what}`, async () => {
      expect(await seamErrors(file, code)).toHaveLength(1);
    });
  }

  const allowed: [string, string, string][] = [
    ['a machine importing shared rules', 'machines/bill/billMachine.ts', "import { x } from '#shared/bill/rules';"],
    ['a machine importing another machine', 'machines/journey/journeyMachine.ts', "import { x } from '../auth/authMachine';"],
    ['the browser app importing a machine and shared code', 'src/web/app/App.tsx', "import { x } from '#machines/journey/journeyMachine';\nimport { y } from '#shared/routes';\nexport const z = y;"],
    ['the server importing a machine', 'src/server/process/host.ts', "import { x } from '#machines/process/processMachine';"],
    ['shared code importing shared code', 'src/shared/customer/payloads.ts', "import { x } from '../process/payloads';"],
  ];
  for (const [what, file, code] of allowed) {
    it(`allows ${what}`, async () => {
      expect(await seamErrors(file, code)).toEqual([]);
    });
  }
});
