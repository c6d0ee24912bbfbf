import type { Db } from '../../db/create-db.ts';
import type { WriteTrx } from '../../db/after-commit.ts';

/**
 * What a product does when trading closes one of its positions, declared by the product and
 * registered with trading (`onPositionClose`): trading never imports a product. Both run inside
 * the closing write transaction, so a close that rolls back undoes them.
 */
export interface PositionCloseHook {
  /** Names the product; registering the same name again replaces its hook (module reloads). */
  readonly name: string;
  /**
   * The part of a position's margin that a partial close leaves with the open rest (added credit
   * stays open until the position closes in full). Summed over the hooks; 0 when absent.
   */
  readonly marginKeptOnPartialClose?: (trx: Db, positionId: bigint) => Promise<bigint>;
  /** Once a position has closed in full (its margin returns in the close's journal). */
  readonly afterFullClose?: (trx: WriteTrx, positionId: bigint, nowMs: number) => Promise<void>;
}

const hooks = new Map<string, PositionCloseHook>();

/** Registers a product's close hook (once per product name). */
export function onPositionClose(hook: PositionCloseHook): void {
  hooks.set(hook.name, hook);
}

/** The registered hooks' names, in registration order (for tests and diagnostics). */
export function positionCloseHookNames(): string[] {
  return [...hooks.keys()];
}

/** Σ of the margin the hooks keep with the open rest of a partially closed position. */
export async function marginKeptOnPartialClose(trx: Db, positionId: bigint): Promise<bigint> {
  let kept = 0n;
  for (const hook of hooks.values()) {
    if (hook.marginKeptOnPartialClose) kept += await hook.marginKeptOnPartialClose(trx, positionId);
  }
  return kept;
}

/** Runs every hook's `afterFullClose` in the closing transaction. */
export async function runAfterFullClose(
  trx: WriteTrx,
  positionId: bigint,
  nowMs: number,
): Promise<void> {
  for (const hook of hooks.values()) await hook.afterFullClose?.(trx, positionId, nowMs);
}
