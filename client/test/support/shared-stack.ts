import type { TestProject } from 'vitest/node';
import { startStack, type StackAddress } from '../../../scripts/src/testing/stack.ts';

// One stack (gateway, workers, feed) for the whole browser-test run, started before the first file
// and stopped after the last: a file reaches it with `sharedStack()` (support/e2e.ts). Files keep
// apart by registering their own fresh users; a file that needs other settings (its own Redis, a
// longer history) still starts its own with `startStack`.

declare module 'vitest' {
  export interface ProvidedContext {
    kabutoStack: StackAddress;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const stack = await startStack({
    services: ['gateway', 'jobs', 'feed'],
    env: { KABUTO_TEST_FIXTURES: '1' },
  });
  const env = Object.fromEntries(
    Object.entries(stack.env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  project.provide('kabutoStack', {
    baseUrl: stack.baseUrl,
    dataDir: stack.dataDir,
    prefix: stack.prefix,
    env,
  });
  return () => stack.stop();
}
