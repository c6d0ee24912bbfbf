import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The repository's own eslint.config.mjs, as `npm run lint` reads it, on planted imports. The
// typed rules need a file tsconfig knows, so they are left out (the project service is off);
// the boundary rule needs the imported file to exist, so every relative plant imports a real one.
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BOUNDARY_RULES = ['import-x/no-restricted-paths', 'no-restricted-imports'];
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: [{ languageOptions: { parserOptions: { projectService: false } } }],
  ruleFilter: ({ ruleId }) => BOUNDARY_RULES.includes(ruleId),
});

/** The relative imports of `code`, each of which must exist (an unresolved one is not checked). */
function importsOf(file: string, code: string): string[] {
  return [...code.matchAll(/import '(\.[^']+)'/g)].map((m) => resolve(ROOT, dirname(file), m[1]!));
}

/** The boundary errors ESLint reports for `code` planted at `file` (repo-relative). */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  for (const target of importsOf(file, code)) expect(existsSync(target), target).toBe(true);
  const [result] = await eslint.lintText(`${code}\nexport const planted = 1;\n`, {
    filePath: `${ROOT}${file}`,
  });
  return (result?.messages ?? [])
    .filter((m) => BOUNDARY_RULES.includes(m.ruleId ?? '') && m.severity === 2)
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
      'a schema product importing a kernel file straight (ipo domain -> domain/ledger/journal.ts)',
      'schema/src/modules/ipo/domain/planted.ts',
      "import '../../../domain/ledger/journal.ts';",
      'only through its public.ts',
    ],
    [
      "a schema product importing a kernel repository (loans db -> the ledger's store)",
      'schema/src/modules/loans/db/planted.ts',
      "import '../../../db/repositories/ledger.store.ts';",
      'only through its public.ts',
    ],
    [
      'a schema product importing a central list (ipo -> modules/index.ts)',
      'schema/src/modules/ipo/db/planted.ts',
      "import '../../index.ts';",
      'only through its public.ts',
    ],
    [
      "a product's pure domain importing a door with database code (not its pure face)",
      'schema/src/modules/loans/domain/planted.ts',
      "import '../../ledger/public.ts';",
      "a product's domain is pure",
    ],
    [
      'a gateway product taking a kernel name from a broad barrel (postJournal from schema/db)',
      'gateway/src/modules/intraday/planted.ts',
      "import { postJournal } from '@kabuto/schema/db';",
      'only through a door',
    ],
    [
      "a gateway product importing a kernel module's insides by package path",
      'gateway/src/modules/credit/planted.ts',
      "import '@kabuto/schema/modules/trading/commands.ts';",
      "never a kernel module's insides",
    ],
    [
      "a gateway product importing another product's schema code (intraday -> @kabuto/schema/credit)",
      'gateway/src/modules/intraday/planted.ts',
      "import { creditPostings } from '@kabuto/schema/credit';",
      'a product never imports another product: move what two share to the platform',
    ],
    [
      "a workers product job importing another product's module folder (ipo job -> loans)",
      'workers/src/jobs/ipo-allotment/planted.ts',
      "import { LOANS } from '@kabuto/schema/modules/loans/module.ts';",
      'a product never imports another product: move what two share to the platform',
    ],
    [
      "a workers product job importing a kernel barrel (schema/trading, not trading's door)",
      'workers/src/jobs/ipo-allotment/planted.ts',
      "import { openFromCash } from '@kabuto/schema/trading';",
      'not a kernel barrel',
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
      "a schema product's db importing the ledger's door",
      'schema/src/modules/loans/db/planted.ts',
      "import '../../ledger/public.ts';",
    ],
    [
      "a product's pure domain importing a door's pure face",
      'schema/src/modules/ipo/domain/planted.ts',
      "import '../../ledger/public.pure.ts';",
    ],
    [
      'a schema product importing platform files (advance, dialect, fields, hold lifecycles)',
      'schema/src/modules/ipo/db/planted.ts',
      "import '../../../db/advance.ts';\nimport '../../../db/dialect.ts';\n" +
        "import '../../../contracts/http/fields.ts';\nimport '../../../domain/holds/hold-lifecycle.ts';",
    ],
    [
      'a gateway product taking platform names from the barrels and kernel names from a door',
      'gateway/src/modules/intraday/planted.ts',
      "import { advance, writeTransaction } from '@kabuto/schema/db';\n" +
        "import { postJournal } from '@kabuto/schema/modules/ledger';",
    ],
    [
      "a workers product job using the platform and trading's door",
      'workers/src/jobs/ipo-allotment/planted.ts',
      "import { orderUpdated } from '@kabuto/schema/contracts';\n" +
        "import { openPosition } from '@kabuto/schema/modules/trading';",
    ],
    [
      "a kernel gateway module using the ledger's store through the barrel (kernel code, not a product)",
      'gateway/src/modules/trading/planted.ts',
      "import { postJournal } from '@kabuto/schema/db';",
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
