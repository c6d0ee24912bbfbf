/* eslint-disable no-restricted-imports -- the test makes its seeds with node:crypto */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ticketFor } from './lottery-hashes.ts';
import { drawOrdered } from './lottery.ts';
import { RandomStream } from './random-stream.ts';

// 10 applicants asking 1..10 lots, 3 lots offered, 20,000 seeds. Under the equal-chance rule each
// applicant wins a first lot with probability 3/10 whatever they asked for: 6,000 times expected.
const APPLICANTS = 10;
const LOTS_OFFERED = 3;
const SEEDS = 20_000;
const CHI2_999_DOF9 = 27.877; // 0.999 quantile of chi-square with 9 degrees of freedom
const BEACON = 'ab'.repeat(32);
const entries = Array.from({ length: APPLICANTS }, (_, k) => ({
  ticket: ticketFor('cd'.repeat(32), k + 1),
  lots: k + 1,
}));
const seedOf = (run: number) => createHash('sha256').update(`fairness:${run}`).digest('hex');

function chiSquare(firstLots: number[], expected: number): number {
  return firstLots.reduce((sum, seen) => sum + (seen - expected) ** 2 / expected, 0);
}

/** First lots per applicant (indexed by lots asked − 1) over every seed, by `draw`. */
function countFirstLots(draw: (seed: string) => { lots: Uint32Array; lotsWon: Uint32Array }) {
  const firstLots = new Array<number>(APPLICANTS).fill(0);
  for (let run = 0; run < SEEDS; run++) {
    const { lots, lotsWon } = draw(seedOf(run));
    for (let k = 0; k < APPLICANTS; k++) if (lotsWon[k]! > 0) firstLots[lots[k]! - 1]!++;
  }
  return firstLots;
}

/** A deliberately unfair variant: each lot to an applicant picked with weight = lots asked. */
function weightedDraw(seed: string) {
  const stream = new RandomStream(seed);
  const lots = Uint32Array.from(entries, (e) => e.lots);
  const lotsWon = new Uint32Array(APPLICANTS);
  const total = lots.reduce((a, b) => a + b, 0);
  for (let given = 0; given < LOTS_OFFERED;) {
    let pick = stream.uniform(total);
    let k = 0;
    while (pick >= lots[k]!) pick -= lots[k++]!;
    if (lotsWon[k] === 0) {
      lotsWon[k] = 1;
      given++;
    }
  }
  return { lots, lotsWon };
}

describe('equal chance of a first lot, whatever the lots asked (chi-square, 20,000 seeds)', () => {
  const expected = (SEEDS * LOTS_OFFERED) / APPLICANTS;

  it('the rule: the statistic stays below the 0.999 critical value for 9 dof', () => {
    const firstLots = countFirstLots((seed) =>
      drawOrdered({ entries, lotsOffered: LOTS_OFFERED, maxLots: 10, seed, beacon: BEACON }),
    );
    expect(firstLots.reduce((a, b) => a + b, 0)).toBe(SEEDS * LOTS_OFFERED);
    expect(chiSquare(firstLots, expected)).toBeLessThan(CHI2_999_DOF9);
  }, 60_000); // 20,000 draws: seconds of work, more beside the browser tests on 2 cores

  it('the test has teeth: a draw weighted by lots asked fails it', () => {
    const firstLots = countFirstLots(weightedDraw);
    expect(chiSquare(firstLots, expected)).toBeGreaterThan(CHI2_999_DOF9);
  }, 60_000);
});
