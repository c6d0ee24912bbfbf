import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The repository's own eslint.config.mjs, as `npm run lint` reads it, on planted imports. The
// typed rules need a file tsconfig knows, so they are left out (the project service is off);
// the boundary rule needs the imported file to exist, so every plant imports a real one.
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: [{ languageOptions: { parserOptions: { projectService: false } } }],
  ruleFilter: ({ ruleId }) => ruleId === 'import-x/no-restricted-paths',
});

/** The imported paths of `code`, each of which must exist (an unresolved import is not checked). */
function importsOf(file: string, code: string): string[] {
  return [...code.matchAll(/import '([^']+)'/g)].map((m) => resolve(ROOT, dirname(file), m[1]!));
}

/** The boundary errors ESLint reports for `code` planted at `file` (repo-relative). */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  for (const target of importsOf(file, code)) expect(existsSync(target), target).toBe(true);
  const [result] = await eslint.lintText(`${code}\nexport const planted = 1;\n`, {
    filePath: `${ROOT}${file}`,
  });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'import-x/no-restricted-paths' && m.severity === 2)
    .map((m) => m.message);
}

describe('lint boundaries (eslint.boundaries.mjs): a planted violation fails npm run lint', () => {
  it.each([
    [
      'a schema product importing another product (ipo domain -> loans domain)',
      'schema/src/modules/ipo/domain/planted.ts',
      "import '../../loans/domain/journal-kinds.ts';",
      'a product never imports another product',
    ],
    [
      "a schema product under modules/ importing another product's insides",
      'schema/src/modules/ipo/db/planted.ts',
      "import '../../credit/db/position-credits.repository.ts';",
      'a product never imports another product',
    ],
    [
      "a schema product importing a kernel module's insides (not its public.ts)",
      'schema/src/modules/loans/planted.ts',
      "import '../trading/commands.ts';",
      'only through its public.ts',
    ],
    [
      'the schema kernel importing a product (ledger -> credit)',
      'schema/src/domain/ledger/planted.ts',
      "import '../../modules/credit/domain/journal-kinds.ts';",
      'the kernel never imports a product',
    ],
    [
      'a client feature importing another feature (trading -> credit)',
      'client/src/features/trading/planted.tsx',
      "import '../credit/credit.api.ts';",
      'a feature never imports another feature',
    ],
    [
      'client/src/lib importing a feature',
      'client/src/lib/planted.ts',
      "import '../features/trading/trading.api.ts';",
      'they import no feature and no app',
    ],
    [
      'a gateway lower layer importing a higher one (http -> a module)',
      'gateway/src/http/planted.ts',
      "import '../modules/trading/trading.calls.ts';",
      'a lower gateway layer never imports a higher one',
    ],
    [
      'a gateway module importing the composition root (modules -> app.ts)',
      'gateway/src/modules/funds/planted.ts',
      "import '../../app.ts';",
      'a lower gateway layer never imports a higher one',
    ],
    [
      "a gateway module importing another module's insides",
      'gateway/src/modules/funds/planted.ts',
      "import '../auth/passwords.ts';",
      'only through its public.ts',
    ],
    [
      'a gateway product importing another product, even through its public.ts',
      'gateway/src/modules/credit/planted.ts',
      "import '../loans/public.ts';",
      'a product never imports another product',
    ],
    [
      'gateway infra importing http',
      'gateway/src/infra/planted.ts',
      "import '../http/envelope.ts';",
      'a lower gateway layer never imports a higher one',
    ],
  ])('%s is an error', async (_name, file, code, message) => {
    const errors = await boundaryErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(message);
  });

  it.each([
    [
      'a product using its own folder and the shared domain',
      'schema/src/modules/ipo/domain/planted.ts',
      "import './journal-kinds.ts';\nimport '../../../domain/money/money.ts';",
    ],
    [
      "a schema product importing a kernel module's public.ts",
      'schema/src/modules/loans/planted.ts',
      "import '../trading/public.ts';",
    ],
    [
      'a client feature using components, lib and itself',
      'client/src/features/trading/planted.tsx',
      "import '../../lib/assets.store.ts';\nimport './trading.api.ts';",
    ],
    [
      'the client app composing two features',
      'client/src/app/screens/planted.tsx',
      "import '../../features/trading/trading.api.ts';\nimport '../../features/credit/credit.api.ts';",
    ],
    [
      "a gateway module importing another module's public.ts and infra",
      'gateway/src/modules/funds/planted.ts',
      "import '../auth/public.ts';\nimport '../../infra/deps.ts';",
    ],
    [
      'the gateway root registering the modules',
      'gateway/src/planted.ts',
      "import './modules/trading/trading.calls.ts';",
    ],
  ])('%s is legal', async (_name, file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
  });
});
