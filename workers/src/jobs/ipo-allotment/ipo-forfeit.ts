import {
  forfeitChunk,
  listingForStep,
  lockListing,
  markStepDone,
  writeTransaction,
} from '@kabuto/schema/db';
import type { IpoStepDeps } from './ipo-draw.ts';

const FORFEIT_CHUNK = 5_000;

/**
 * The forfeit step at the payment deadline: every win still unpaid becomes `forfeited` (nothing
 * was held, so nothing is posted) with an inbox message, in chunk transactions; then
 * `forfeited_at`. Only after the draw; a rerun finds no `won` rows left and writes nothing.
 */
export async function forfeitUnpaid(deps: IpoStepDeps, ipoId: number): Promise<boolean> {
  const listing = await listingForStep(deps.db, ipoId);
  if (!listing || listing.drawn_at === null || listing.forfeited_at !== null) return false;
  if (deps.clock.nowMs() < Number(listing.pay_deadline)) return false;
  const params = JSON.stringify({ symbol: listing.symbol });
  for (;;) {
    const moved = await writeTransaction(deps.db, async (trx) => {
      await lockListing(trx, ipoId);
      return forfeitChunk(trx, ipoId, FORFEIT_CHUNK, {
        params,
        symbol: listing.symbol,
        nowMs: deps.clock.nowMs(),
      });
    });
    if (moved < FORFEIT_CHUNK) break;
  }
  return markStepDone(deps.db, ipoId, 'forfeited_at', deps.clock.nowMs());
}
