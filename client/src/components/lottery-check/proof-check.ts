import { firstRoundAfter, quicknetRoundTime, verifyProof } from '@kabuto/schema/lottery';
import type {
  BeaconTiming,
  CheckVerdict,
  OwnTicket,
  ProofAnswer,
  ProofSummary,
} from './proof-protocol.ts';

// The check itself, pure: what the worker runs on the downloaded proof (tested without a browser).

/**
 * Whether the beacon came after the list was frozen (DESIGN.md §8 steps 2–3), from the published
 * freeze time and drand's own schedule (round r is published at genesis + (r − 1) × 3 s): `ok`
 * when the round was published strictly after the freeze and is the first such round (a later
 * one would have let us choose among rounds). A local beacon is ours, so its time proves nothing.
 */
export function beaconTiming(
  proof: Pick<ProofAnswer, 'beacon_kind' | 'beacon_round' | 'list_frozen_at'>,
): BeaconTiming {
  const frozenAt = proof.list_frozen_at;
  if (proof.beacon_kind !== 'drand') return { kind: 'local', frozenAt };
  if (frozenAt === null || proof.beacon_round === null) return { kind: 'unknown', frozenAt };
  const round = proof.beacon_round;
  const publishedAt = quicknetRoundTime(round);
  const after = publishedAt > frozenAt;
  const first = round === firstRoundAfter(frozenAt);
  return { kind: 'drand', frozenAt, round, publishedAt, after, first, ok: after && first };
}

/** The published figures to show, without the list and the result (those stay in the worker). */
export function summarize(proof: ProofAnswer): ProofSummary {
  const { list, result, ...published } = proof;
  void result;
  const lotsApplied = list.reduce((sum, entry) => sum + entry.lots, 0);
  return { ...published, entries: list.length, lotsApplied, timing: beaconTiming(proof) };
}

/** The caller's own entry: lots asked, lots won as published and as rerun. */
function ownTicket(
  proof: ProofAnswer,
  ticket: string | null,
  rerunWon: number | null,
): OwnTicket | null {
  if (!ticket) return null;
  return {
    ticket,
    lots: proof.list.find((entry) => entry.ticket === ticket)?.lots ?? null,
    publishedWon: proof.result.find((win) => win.ticket === ticket)?.lots_won ?? null,
    recomputedWon: rerunWon,
  };
}

/** Reruns the draw from the published seed, beacon and list and compares every published part. */
export function checkProof(proof: ProofAnswer, ticket: string | null): CheckVerdict {
  const started = performance.now();
  const outcome = verifyProof({
    rule: proof.rule,
    seedCommitment: proof.seed_commitment,
    seed: proof.seed,
    beacon: proof.beacon,
    listHash: proof.list_hash,
    lotsOffered: proof.lots_offered,
    maxLots: proof.max_lots,
    list: proof.list,
    result: proof.result.map((win) => ({ ticket: win.ticket, lotsWon: win.lots_won })),
  });
  const rerunWon = ticket
    ? (outcome.recomputed.result.find((win) => win.ticket === ticket)?.lotsWon ?? null)
    : null;
  return {
    commitmentOk: outcome.commitmentOk,
    listHashOk: outcome.listHashOk,
    drawSeedOk: outcome.recomputed.drawSeed === proof.draw_seed,
    resultOk: outcome.resultOk,
    mismatchCount: outcome.mismatchCount,
    mismatches: outcome.mismatches.slice(0, 5),
    own: ownTicket(proof, ticket, rerunWon),
    ms: Math.round(performance.now() - started),
  };
}
