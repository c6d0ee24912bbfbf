import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The request a piece of work runs for (its X-Request-Id), carried through awaits, timers and
 * after-commit hooks, so a job queued by a call carries the call's id into the workers' logs.
 */
const context = new AsyncLocalStorage<{ readonly requestId: string }>();

export function runInRequest(requestId: string, work: () => void): void {
  context.run({ requestId }, work);
}

export function currentRequestId(): string | undefined {
  return context.getStore()?.requestId;
}
