import type { JobContext } from './job-module.ts';
import type { Logger } from '../infra/logger.ts';

/** How often a sweep looks for work that fell due. */
export const SWEEP_MS = 60_000;

/**
 * Runs `sweep` at start, every minute and when the test clock moves, never two at once: the
 * schedule of a job whose work falls due at times stored in the database (a restart loses
 * nothing; a second worker's sweep finds the work done by conditional writes). Returns the stop.
 */
export function startSweep(
  context: Pick<JobContext, 'onClockMove'>,
  logger: Pick<Logger, 'warn'>,
  what: string,
  sweep: () => Promise<void>,
): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const run = () => {
    running ??= sweep()
      .catch((error: unknown) => logger.warn({ err: String(error) }, `${what} failed`))
      .finally(() => (running = null));
    return running;
  };
  void run();
  const timer = setInterval(() => void run(), SWEEP_MS);
  context.onClockMove.push(() => void run());
  return async () => {
    clearInterval(timer);
    await running;
  };
}
