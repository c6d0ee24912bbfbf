import { onPositionClose, type PositionCloseHook } from '../../trading/public.ts';
import { openCreditTotal, returnPositionCredits } from './position-credits.repository.ts';

/**
 * Credit's part in a close (trading calls it; it never imports credit): added credit stays with
 * the open rest of a partially closed position, and returns (every open credit, returned) with the
 * margin once the position closes in full.
 */
export const creditCloseHook: PositionCloseHook = {
  name: 'credit',
  marginKeptOnPartialClose: openCreditTotal,
  afterFullClose: async (trx, positionId, nowMs) => {
    await returnPositionCredits(trx, positionId, nowMs);
  },
};

onPositionClose(creditCloseHook);
