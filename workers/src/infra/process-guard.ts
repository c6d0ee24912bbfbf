import type { Logger } from './logger.ts';

/**
 * What the process does with a promise rejection nobody handled: logs it and exits non-zero, as
 * its state is unknown from then on; the supervisor (scripts/bootstrap.mjs) starts a fresh one.
 */
export function exitOnUnhandledRejection(
  logger: Logger,
  exit: (code: number) => void = (code) => process.exit(code),
): (reason: unknown) => void {
  return (reason) => {
    const detail = reason instanceof Error ? (reason.stack ?? reason.message) : String(reason);
    logger.fatal({ reason: detail }, 'unhandled rejection; exiting');
    logger.flush?.();
    exit(1);
  };
}

/** Installs the process-wide guards of the workers process (main calls it first thing). */
export function installProcessGuards(logger: Logger): void {
  process.on('unhandledRejection', exitOnUnhandledRejection(logger));
}
