import type { Actor } from '../../domain/ledger/journal.ts';
import type { PositionClose } from '../../domain/trading/position-close.ts';
import type { WriteTrx } from '../../db/after-commit.ts';
import type { PositionRow } from '../../db/tables.ts';
import {
  closePositionIn,
  insertPosition,
  type NewPosition,
} from '../../db/repositories/trading.store.ts';

/** A position to open: everything but the time, which the command takes apart. */
export type OpenPosition = Omit<NewPosition, 'nowMs'>;

/**
 * Opens a holding position at `nowMs` in the caller's write transaction (the one that posts the
 * journal moving its margin; the journal names the position, so it is posted after). Quantity must
 * be positive, leverage at least 1, margin and fee not negative: anything else is a bug in the
 * caller and throws, so its transaction rolls back and nothing is written. Returns the new id.
 */
export async function openPosition(
  trx: WriteTrx,
  position: OpenPosition,
  nowMs: number,
): Promise<bigint> {
  if (position.qty <= 0n || position.leverage < 1 || position.margin < 0n || position.fee < 0n) {
    throw new Error(`openPosition: invalid position ${position.instrument.symbol}`);
  }
  return insertPosition(trx, { ...position, nowMs });
}

export interface ClosePosition {
  readonly price: bigint;
  readonly reason: 'user' | 'stop_out' | 'intraday_close';
  readonly actor: Actor;
  /** Part of it (a partial close); the whole position when absent. */
  readonly qty?: bigint;
}

/**
 * Closes `position` (the row as the caller read it under the owner's lock), or `qty` of it, at
 * `price` and `nowMs` in the caller's write transaction: the closed part is marked conditionally
 * (a closed position, or one whose quantity or margin changed since the read, is refused
 * `order_not_holding` and nothing is written; a quantity the market does not allow is
 * `qty_invalid`), its margin, P&L and fees post in one `position_close` journal, and the products'
 * close hooks run (`onPositionClose`).
 */
export async function closePosition(
  trx: WriteTrx,
  position: PositionRow,
  close: ClosePosition,
  nowMs: number,
): Promise<PositionClose> {
  return closePositionIn(trx, position, { ...close, nowMs });
}

/** A change of an open position's margin: `by` (positive adds, negative takes) on the margin read. */
export interface MarginAdjustment {
  readonly positionId: bigint;
  /** The margin as the caller read it under the owner's lock (the change is conditional on it). */
  readonly margin: bigint;
  readonly by: bigint;
}

export type MarginAdjusted =
  | { readonly adjusted: true; readonly margin: bigint }
  | { readonly adjusted: false; readonly reason: 'not_holding' | 'invalid' };

/**
 * Moves an open position's margin by `change.by` in the caller's write transaction (the one that
 * posts the journal moving the money), conditional on the position still holding with the margin
 * the caller read: a closed position, one whose margin moved since the read (a racing addition or
 * close), a change of 0 or one that would take the margin below 0 change nothing and answer
 * `adjusted: false`. The position keeps no change time; `nowMs` is the command's time all the same
 * (every trading command takes one), so a product never reads the machine's clock to call it.
 */
export async function adjustMargin(
  trx: WriteTrx,
  change: MarginAdjustment,
  nowMs: number,
): Promise<MarginAdjusted> {
  const margin = change.margin + change.by;
  if (change.by === 0n || margin < 0n || !Number.isSafeInteger(nowMs)) {
    return { adjusted: false, reason: 'invalid' };
  }
  const updated = await trx
    .updateTable('position')
    .set({ margin })
    .where('id', '=', change.positionId)
    .where('status', '=', 'holding')
    .where('margin', '=', change.margin)
    .executeTakeFirst();
  if (updated.numUpdatedRows !== 1n) return { adjusted: false, reason: 'not_holding' };
  return { adjusted: true, margin };
}
