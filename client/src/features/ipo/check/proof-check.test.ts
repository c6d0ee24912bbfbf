import { describe, expect, it } from 'vitest';
import { drawLottery, LOTTERY_RULE_ID, seedCommitment, ticketFor } from '@kabuto/schema/ipo';
import { checkProof, summarize } from './proof-check.ts';
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
