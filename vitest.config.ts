import { defineConfig } from 'vitest/config';

// One runner, four projects: unit (pure, no services), int (real Redis, SQLite, PostgreSQL),
// e2e (the built app in headless Chromium), chaos (faults under load, fuzz, IDOR).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: ['{schema,gateway,workers,client,scripts}/src/**/*.test.ts'],
          // A module's int tests live in its folder (`src/modules/<m>/*.int.test.ts`).
          exclude: ['**/node_modules/**', '**/*.int.test.ts'],
          environment: 'node',
          // Pure tests share one module graph per worker (half the time: imports dominate them).
          isolate: false,
          // Some are seconds of pure work (20,000 draws, fast-check runs): beside the browser
          // tests on 2 cores they take longer, and a timeout is not what they test.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'int',
          sequence: { groupOrder: 1 },
          include: [
            '{schema,gateway,workers,scripts}/test/**/*.int.test.ts',
            '{schema,gateway,workers}/src/modules/**/*.int.test.ts',
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: true,
          maxWorkers: 2,
          // One module graph per worker, as the unit tests (decision 98): importing the gateway
          // for every file was two thirds of the run (108 s of 164). Each file starts its own
          // gateway, database, Redis prefix and clock in its hooks; nothing a file needs may be
          // module state set once at import.
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          sequence: { groupOrder: 2 },
          include: ['client/test/**/*.e2e.test.ts'],
          // One stack for the run (the files that need their own still start one).
          globalSetup: ['client/test/support/shared-stack.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Three files at a time (KABUTO_E2E_WORKERS=1 for one), each worker on its own shared
          // stack: a browser test mostly waits, and with nothing else running (decision 98) three
          // took 321 s where two took 384-395 s.
          fileParallelism: (process.env.KABUTO_E2E_WORKERS ?? '3') !== '1',
          maxWorkers: Number(process.env.KABUTO_E2E_WORKERS ?? '3'),
        },
      },
      {
        test: {
          // Issue 22 item 5: the API fuzz and IDOR sweep over every call, and processes killed and
          // Redis restarted under load; each file starts its own stack, two files at a time.
          name: 'chaos',
          sequence: { groupOrder: 3 },
          include: ['{scripts,gateway}/test/chaos/**/*.chaos.test.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
    ],
  },
});
