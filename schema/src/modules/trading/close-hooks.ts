import type { Db } from '../../db/create-db.ts';
import type { WriteTrx } from '../../db/after-commit.ts';

/**
 * What a product adds to its positions and does when trading closes one, declared by the product
 * and registered with trading (`onPositionClose`): trading never imports a product. The hooks run
 * inside the caller's transaction, so a close that rolls back undoes what they wrote.
 */
export interface PositionCloseHook {
  /** Names the product; registering the same name again replaces its hook (module reloads). */
  readonly name: string;
  /**
   * The margin the product added to each position named (added credit), positions without any
   * left out. It stays with the open rest of a partially closed position, and position lists
   * show it (`credit`).
   */
  readonly addedMargin?: (db: Db, positionIds: readonly bigint[]) => Promise<Map<bigint, bigint>>;
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

/** The margin the products added to each position named (Σ over the hooks; none left out). */
export async function addedMarginOf(
  db: Db,
  positionIds: readonly bigint[],
): Promise<Map<bigint, bigint>> {
  const total = new Map<bigint, bigint>();
  if (positionIds.length === 0) return total;
  for (const hook of hooks.values()) {
    if (!hook.addedMargin) continue;
    for (const [id, amount] of await hook.addedMargin(db, positionIds)) {
      total.set(id, (total.get(id) ?? 0n) + amount);
    }
  }
  return total;
}

/** Runs every hook's `afterFullClose` in the closing transaction. */
export async function runAfterFullClose(
  trx: WriteTrx,
  positionId: bigint,
  nowMs: number,
): Promise<void> {
  for (const hook of hooks.values()) await hook.afterFullClose?.(trx, positionId, nowMs);
}
