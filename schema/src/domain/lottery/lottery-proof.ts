// Rerunning a published draw (DESIGN.md §8 step 7): what the check page does in the browser.
import { seedCommitment, type LotteryEntry } from './lottery-hashes.ts';
import { drawLottery, type LotteryOutcome, type LotteryWin } from './lottery.ts';

export interface LotteryProof {
  rule: string;
  seedCommitment: string;
  seed: string;
  beacon: string;
  listHash: string;
  lotsOffered: number;
  /** The listing's maximum lots; `null` when the proof carries none (nothing is capped). */
  maxLots: number | null;
  list: readonly LotteryEntry[];
  result: readonly LotteryWin[];
}

export interface LotteryMismatch {
  ticket: string;
  published: number | null;
  recomputed: number | null;
}

export interface ProofCheck {
  commitmentOk: boolean;
  listHashOk: boolean;
  resultOk: boolean;
  /** The first mismatches (at most MAX_MISMATCHES); `mismatchCount` counts them all. */
  mismatches: LotteryMismatch[];
  mismatchCount: number;
  recomputed: LotteryOutcome;
}

export const MAX_MISMATCHES = 100;

function compareResults(published: readonly LotteryWin[], recomputed: readonly LotteryWin[]) {
  const mismatches: LotteryMismatch[] = [];
  let count = 0;
  const note = (m: LotteryMismatch) => {
    count++;
    if (mismatches.length < MAX_MISMATCHES) mismatches.push(m);
  };
  const byTicket = new Map<string, number>();
  for (const win of published) {
    if (byTicket.has(win.ticket)) {
      note({ ticket: win.ticket, published: win.lotsWon, recomputed: null });
    }
    byTicket.set(win.ticket, win.lotsWon);
  }
  for (const win of recomputed) {
    const lots = byTicket.get(win.ticket);
    byTicket.delete(win.ticket);
    if (lots !== win.lotsWon) {
      note({ ticket: win.ticket, published: lots ?? null, recomputed: win.lotsWon });
    }
  }
  for (const [ticket, lots] of byTicket) note({ ticket, published: lots, recomputed: null });
  const sameOrder =
    published.length === recomputed.length &&
    published.every((win, k) => win.ticket === recomputed[k]!.ticket);
  return { mismatches, count, sameOrder };
}

/** Recomputes the draw from the published seed, beacon and list, and compares every part. */
export function verifyProof(proof: LotteryProof): ProofCheck {
  const recomputed = drawLottery({
    entries: proof.list,
    lotsOffered: proof.lotsOffered,
    maxLots: proof.maxLots,
    seed: proof.seed,
    beacon: proof.beacon,
  });
  const { mismatches, count, sameOrder } = compareResults(proof.result, recomputed.result);
  return {
    commitmentOk: seedCommitment(proof.seed) === proof.seedCommitment,
    listHashOk: recomputed.listHash === proof.listHash,
    resultOk: count === 0 && sameOrder,
    mismatches,
    mismatchCount: count,
    recomputed,
  };
}
