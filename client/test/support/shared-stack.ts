import type { TestProject } from 'vitest/node';
import { startStack, type StackAddress } from '../../../scripts/src/testing/stack.ts';

// One stack (gateway, workers, feed) per browser-test worker, started before the first file and
// stopped after the last: a file reaches its worker's stack with `sharedStack()` (support/e2e.ts).
// A worker runs one file at a time, so a file that moves its stack's clock or forgets its rate
// limits never does so under another file. Files keep apart by registering their own fresh users;
// a file that needs other settings (its own Redis, a longer history) still starts its own with
// `startStack`.

declare module 'vitest' {
  export interface ProvidedContext {
    kabutoStacks: StackAddress[];
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
  const stacks = await Promise.all(
    Array.from({ length: workers }, () =>
      startStack({ services: ['gateway', 'jobs', 'feed'], env: { KABUTO_TEST_FIXTURES: '1' } }),
    ),
  );
  project.provide(
    'kabutoStacks',
    stacks.map((stack) => ({
      baseUrl: stack.baseUrl,
      dataDir: stack.dataDir,
      prefix: stack.prefix,
      env: Object.fromEntries(
        Object.entries(stack.env).filter(
          (entry): entry is [string, string] => entry[1] !== undefined,
        ),
      ),
    })),
  );
  return async () => {
    await Promise.all(stacks.map((stack) => stack.stop()));
  };
}
