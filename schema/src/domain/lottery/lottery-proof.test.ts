import { describe, expect, it } from 'vitest';
import { seedCommitment, ticketFor } from './lottery-hashes.ts';
import { LOTTERY_RULE, LOTTERY_RULE_ID, drawLottery } from './lottery.ts';
import { verifyProof, type LotteryProof } from './lottery-proof.ts';

const SEED = '5eed'.repeat(16);
const BEACON = 'b7'.repeat(32);
const list = Array.from({ length: 30 }, (_, k) => ({
  ticket: ticketFor('ee'.repeat(32), 1000 + k),
  lots: 1 + (k % 4),
}));

function publishedProof(): LotteryProof {
  const drawn = drawLottery({
    entries: list,
    lotsOffered: 25,
    maxLots: 4,
    seed: SEED,
    beacon: BEACON,
  });
  return {
    rule: LOTTERY_RULE,
    seedCommitment: seedCommitment(SEED),
    seed: SEED,
    beacon: BEACON,
    listHash: drawn.listHash,
    lotsOffered: 25,
    maxLots: 4,
    list,
    result: drawn.result,
  };
}

describe('verifyProof: the check page reruns the draw', () => {
  it('an honest proof checks out on every part', () => {
    const check = verifyProof(publishedProof());
    expect(check).toMatchObject({ commitmentOk: true, listHashOk: true, resultOk: true });
    expect(check.mismatches).toEqual([]);
    expect(LOTTERY_RULE.startsWith(`${LOTTERY_RULE_ID}:`)).toBe(true);
  });

  it('catches a changed result: one lot moved from a winner to a loser', () => {
    const proof = publishedProof();
    const winner = proof.result.findIndex((r) => r.lotsWon > 0);
    const loser = proof.result.findIndex((r) => r.lotsWon === 0);
    const result = proof.result.map((r, k) =>
      k === winner ? { ...r, lotsWon: r.lotsWon - 1 } : k === loser ? { ...r, lotsWon: 1 } : r,
    );
    const check = verifyProof({ ...proof, result });
    expect(check).toMatchObject({ commitmentOk: true, listHashOk: true, resultOk: false });
    expect(check.mismatchCount).toBe(2);
    expect(check.mismatches.map((m) => m.ticket).sort()).toEqual(
      [proof.result[winner]!.ticket, proof.result[loser]!.ticket].sort(),
    );
  });

  it('catches a result with an entry missing or added', () => {
    const proof = publishedProof();
    expect(verifyProof({ ...proof, result: proof.result.slice(1) }).resultOk).toBe(false);
    const extra = { ticket: 'f'.repeat(64), lotsWon: 0 };
    expect(verifyProof({ ...proof, result: [...proof.result, extra] }).resultOk).toBe(false);
  });

  it('catches a changed list: an application added after the close', () => {
    const proof = publishedProof();
    const added = [...list, { ticket: ticketFor('ee'.repeat(32), 9999), lots: 1 }];
    const check = verifyProof({ ...proof, list: added });
    expect(check.listHashOk).toBe(false);
  });

  it('catches a seed that does not match the commitment published at opening', () => {
    const proof = publishedProof();
    const check = verifyProof({ ...proof, seedCommitment: seedCommitment('0'.repeat(64)) });
    expect(check.commitmentOk).toBe(false);
    expect(check.resultOk).toBe(true);
  });
});
