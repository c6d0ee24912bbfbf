import type { CallAnswer } from '@kabuto/schema/contracts';

/** The published draw as `ipo/proof` answers it (`block/proof` answers the same shape). */
export type ProofAnswer = CallAnswer<'ipo/proof'>;

/** The calls that publish a draw. */
export type ProofCall = 'ipo/proof' | 'block/proof';

/** What the page asks the worker: the draw, the session to download with, and the caller's ticket. */
export interface CheckRequest {
  call: ProofCall;
  id: string;
  token: string;
  account: string;
  ticket: string | null;
}

/**
 * When the beacon came relative to the list's freeze: for drand, the round's publication time
 * (from the chain's schedule) against `list_frozen_at`; a local beacon's time proves nothing; an
 * older draw without a freeze time cannot be checked.
 */
export type BeaconTiming =
  | { kind: 'local' | 'unknown'; frozenAt: number | null }
  | {
      kind: 'drand';
      frozenAt: number;
      round: number;
      publishedAt: number;
      /** Published strictly after the freeze. */
      after: boolean;
      /** The first round published after the freeze (no choosing among rounds). */
      first: boolean;
      ok: boolean;
    };

/** The published figures without the list and the result (those stay in the worker). */
export type ProofSummary = Omit<ProofAnswer, 'list' | 'result'> & {
  entries: number;
  lotsApplied: number;
  timing: BeaconTiming;
};

/** The caller's own entry: lots asked, lots won as published and as rerun here. */
export interface OwnTicket {
  ticket: string;
  lots: number | null;
  publishedWon: number | null;
  recomputedWon: number | null;
}

export interface CheckVerdict {
  commitmentOk: boolean;
  listHashOk: boolean;
  drawSeedOk: boolean;
  resultOk: boolean;
  mismatchCount: number;
  /** The first few mismatching tickets, to show. */
  mismatches: { ticket: string; published: number | null; recomputed: number | null }[];
  own: OwnTicket | null;
  /** How long the rerun took in the worker, ms. */
  ms: number;
}

export type CheckStage = 'download' | 'parse' | 'verify';

/** Messages from the worker, in order: progress…, proof, progress (verify), verdict; or refused/failed. */
export type CheckMessage =
  | { kind: 'progress'; stage: CheckStage; received: number; total: number | null }
  | { kind: 'proof'; summary: ProofSummary }
  | { kind: 'verdict'; verdict: CheckVerdict }
  | { kind: 'refused'; msg: string }
  | { kind: 'failed'; reason: string };
