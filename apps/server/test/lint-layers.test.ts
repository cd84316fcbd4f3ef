import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The server's layer and cycle rules (eslint.config.js), run on probes placed inside src: an
// upward import, an import of a later peer, a circle, and their allowed twins.
const root = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function layerProblems(path: string, text: string) {
  const [result] = await eslint.lintText(text, { filePath: `${root}apps/server/src/${path}` });
  return result!.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths' || m.ruleId === 'import-x/no-cycle').map((m) => `${m.ruleId}: ${m.message.split(':')[0]}`);
}

describe('the server layers', () => {
  it('refuse a core module importing a game, and a module importing a later peer of its layer', async () => {
    expect(await layerProblems('modules/wallet/probe.ts', "import { openCase } from '../cases/open-case.ts';\nexport const probe = openCase;\n")).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*modules\/wallet \(layer core\)/),
    ]);
    expect(await layerProblems('modules/users/probe.ts', "import { creditWallet } from '../wallet/wallet.ts';\nexport const probe = creditWallet;\n")).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*modules\/users \(layer core\)/),
    ]);
    expect(await layerProblems('http/probe.ts', "import { findSessionUser } from '../modules/auth/sessions.ts';\nexport const probe = findSessionUser;\n")).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*platform \(layer platform\)/),
    ]);
  }, 120_000);

  it('let a module import what sits below it, and a schema name any table for its foreign key', async () => {
    expect(await layerProblems('modules/cases/probe.ts', "import { creditWallet } from '../wallet/wallet.ts';\nexport const probe = creditWallet;\n")).toEqual([]);
    expect(await layerProblems('modules/users/schema.ts', "import { cases } from '../catalogue/schema.ts';\nexport const probe = cases;\n")).toEqual([]);
  }, 120_000);

  it('refuse a runtime import that closes a circle, and let a type-only one through', async () => {
    // cases/routes.ts imports open-case.ts; open-case.ts importing the routes back closes a circle.
    const openCase = readFileSync(`${root}apps/server/src/modules/cases/open-case.ts`, 'utf8');
    expect(await layerProblems('modules/cases/open-case.ts', `import { caseRoutes } from './routes.ts';\nexport const probe = caseRoutes;\n${openCase}`)).toEqual([
      expect.stringMatching(/^import-x\/no-cycle: Dependency cycle/),
    ]);
    expect(await layerProblems('modules/cases/open-case.ts', `import type { caseRoutes } from './routes.ts';\nexport type Probe = typeof caseRoutes;\n${openCase}`)).toEqual([]);
  }, 120_000);
});
