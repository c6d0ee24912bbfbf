import { describe, expect, it } from 'vitest';
import {
  drawLottery,
  LOTTERY_RULE_ID,
  quicknetRoundTime,
  seedCommitment,
  ticketFor,
} from '@kabuto/schema/lottery';
import { beaconTiming, checkProof, summarize } from './proof-check.ts';
import type { ProofAnswer } from './proof-protocol.ts';

const SEED = 'a'.repeat(64);
const BEACON = 'b'.repeat(64);
const KEY = 'c'.repeat(64);

/** A published draw as `ipo/proof` answers it, drawn by the lottery itself. */
function publishedDraw(applicants: number, lotsOffered: number): ProofAnswer {
  const list = Array.from({ length: applicants }, (_, i) => ({
    ticket: ticketFor(KEY, i + 1),
    lots: (i % 3) + 1,
  })).sort((a, b) => (a.ticket < b.ticket ? -1 : 1));
  const drawn = drawLottery({ entries: list, lotsOffered, maxLots: 3, seed: SEED, beacon: BEACON });
  return {
    rule: LOTTERY_RULE_ID,
    listing_id: '7',
    seed_commitment: seedCommitment(SEED),
    seed: SEED,
    beacon_kind: 'local',
    beacon: BEACON,
    beacon_round: null,
    beacon_signature: null,
    beacon_label: 'not independent',
    list_hash: drawn.listHash,
    list_frozen_at: 1_700_000_000_000,
    draw_seed: drawn.drawSeed,
    lots_offered: lotsOffered,
    max_lots: 3,
    list,
    result: drawn.result.map((win) => ({ ticket: win.ticket, lots_won: win.lotsWon })),
  };
}

describe('the check page’s rerun', () => {
  it('finds a published draw matching in every part and says what the own ticket won', () => {
    const proof = publishedDraw(500, 120);
    const own = proof.result.find((win) => win.lots_won > 0);
    const verdict = checkProof(proof, own?.ticket ?? null);
    expect(verdict).toMatchObject({
      commitmentOk: true,
      listHashOk: true,
      drawSeedOk: true,
      resultOk: true,
      mismatchCount: 0,
    });
    expect(verdict.own?.recomputedWon).toBe(own?.lots_won);
    expect(verdict.own?.publishedWon).toBe(own?.lots_won);
    expect(summarize(proof)).toMatchObject({ entries: 500, lotsApplied: 999 });
  });

  it('says which part differs: a result moved from one ticket to another, a seed not committed, an entry added', () => {
    const proof = publishedDraw(200, 50);
    const winner = proof.result.findIndex((win) => win.lots_won > 0);
    const loser = proof.result.findIndex((win) => win.lots_won === 0);
    const moved = proof.result.map((win) => ({ ...win }));
    (moved[winner] as { lots_won: number }).lots_won -= 1;
    (moved[loser] as { lots_won: number }).lots_won += 1;
    const tampered = checkProof({ ...proof, result: moved }, null);
    expect(tampered).toMatchObject({ commitmentOk: true, listHashOk: true, resultOk: false });
    expect(tampered.mismatchCount).toBe(2);
    expect(checkProof({ ...proof, seed_commitment: 'd'.repeat(64) }, null).commitmentOk).toBe(
      false,
    );
    const added = [...proof.list, { ticket: 'f'.repeat(64), lots: 1 }];
    expect(checkProof({ ...proof, list: added }, null)).toMatchObject({
      listHashOk: false,
      drawSeedOk: false,
    });
  });

  it('reruns a list of 200,000 applications', () => {
    const proof = publishedDraw(200_000, 30_000);
    const verdict = checkProof(proof, proof.list[0]?.ticket ?? null);
    expect(verdict.resultOk && verdict.listHashOk).toBe(true);
    expect(verdict.ms).toBeLessThan(20_000);
  }, 60_000);
});

describe('the check page’s order verdict (beacon after the freeze)', () => {
  // drand quicknet round 1,000,000 was published at genesis + 999,999 × 3 s.
  const round = 1_000_000;
  const published = quicknetRoundTime(round);
  const drand = (frozenAt: number | null, beaconRound: number | null = round) =>
    beaconTiming({ beacon_kind: 'drand', beacon_round: beaconRound, list_frozen_at: frozenAt });

  it('a list frozen 1 ms before the round: published after it, the first round after it', () => {
    expect(drand(published - 1)).toEqual({
      kind: 'drand',
      frozenAt: published - 1,
      round,
      publishedAt: published,
      after: true,
      first: true,
      ok: true,
    });
  });

  it('frozen at the very millisecond the round appeared, or after it: the beacon came first', () => {
    expect(drand(published)).toMatchObject({ after: false, ok: false });
    expect(drand(published + 2_000)).toMatchObject({ after: false, first: false, ok: false });
  });

  it('a later round than the first after the freeze is refused (it could have been chosen)', () => {
    expect(drand(published - 3_001)).toMatchObject({ after: true, first: false, ok: false });
  });

  it('a local beacon or a draw without a freeze time gives no verdict', () => {
    const local = { beacon_kind: 'local', beacon_round: null, list_frozen_at: 5 } as const;
    expect(beaconTiming(local)).toEqual({ kind: 'local', frozenAt: 5 });
    expect(drand(null)).toEqual({ kind: 'unknown', frozenAt: null });
    expect(summarize(publishedDraw(3, 1)).timing.kind).toBe('local');
  });
});
