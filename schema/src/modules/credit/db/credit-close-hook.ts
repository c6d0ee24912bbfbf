import { onPositionClose, type PositionCloseHook } from '../../trading/public.ts';
import { openCreditTotals, returnPositionCredits } from './position-credits.repository.ts';

/**
 * Credit's part in trading's positions (trading calls it; it never imports credit): the open
 * credits are margin added to a position (shown on the position list, kept with the open rest of
 * a partial close), and return (every open credit, returned) with the margin once it closes in
 * full.
 */
export const creditCloseHook: PositionCloseHook = {
  name: 'credit',
  addedMargin: openCreditTotals,
  afterFullClose: async (trx, positionId, nowMs) => {
    await returnPositionCredits(trx, positionId, nowMs);
  },
};

onPositionClose(creditCloseHook);
