import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformAccount, transfer, userAccount } from '../src/domain/index.ts';
import { findInstrument, type Instrument } from '../src/domain/market/instruments.ts';
import { computeFees, openFromCash, requiredMargin } from '../src/domain/trading/index.ts';
import { loanCollateralOf, postJournal, writeTransaction, type Db } from '../src/db/index.ts';
import { openPosition, type OpenPosition } from '../src/modules/trading/public.ts';
import { aUser, makeTestDb, testClock, type TestDb } from '../src/testing/index.ts';

const system = { type: 'system', id: 'test' } as const;
const toyota = findInstrument('7203') as Instrument;
const clock = testClock(Date.UTC(2026, 10, 24, 1, 0));
let testDb: TestDb;
let db: Db;

beforeAll(async () => {
  testDb = await makeTestDb();
  db = testDb.db;
});
afterAll(async () => testDb.cleanup());

/** The feed's latest-quote hash with 7203 at `price` (or without it). */
function latest(price: string | null): Record<string, string> {
  if (price === null) return {};
  return { '7203': JSON.stringify({ symbol: '7203', price, change_rate: '0.00', volume: 0 }) };
}

/** ¥1,000,000 of cash, then 100 × 7203 long at ¥2,850 (margin ¥285,000 and fees out of cash). */
async function borrowerWithPosition(): Promise<{ userId: number; fees: bigint }> {
  const userId = await aUser(db);
  const qty = 100n;
  const margin = requiredMargin(toyota, 28_500n, qty, 1);
  const fees = computeFees('JP', 'buy', 28_500n, qty);
  await writeTransaction(db, async (trx) => {
    const nowMs = clock.nowMs();
    await postJournal(
      trx,
      {
        kind: 'paper_grant',
        memo: 'grant',
        actor: system,
        postings: transfer({
          from: platformAccount('platform:paper_grant', 'JPY'),
          to: userAccount(userId, 'cash', 'JPY'),
          amountMinor: 1_000_000n,
        }),
      },
      nowMs,
    );
    const position: OpenPosition = {
      ...{ userId, orderId: 0n, instrument: toyota, side: 'long', qty, price: 28_500n },
      ...{ leverage: 1, margin, fee: fees.total },
    };
    const id = await openPosition(trx, position, nowMs);
    const postings = openFromCash(userId, 'JPY', margin, fees);
    await postJournal(
      trx,
      { kind: 'position_open', memo: 'open', actor: system, reference: `position:${id}`, postings },
      nowMs,
    );
  });
  return { userId, fees: fees.total };
}

describe('loan collateral (one figure for the limit, withdrawals and margin calls)', () => {
  it('¥1,000,000 − fees with 7203 priced at ¥2,850; ¥10,000 less at ¥2,750 (its P&L counts)', async () => {
    const { userId, fees } = await borrowerWithPosition();
    expect(await loanCollateralOf(db, userId, latest('2850'))).toEqual({
      yen: 1_000_000n - fees,
      unpriced: false,
    });
    expect(await loanCollateralOf(db, userId, latest('2750'))).toEqual({
      yen: 990_000n - fees,
      unpriced: false,
    });
  });

  it('a position the feed has no price for counts zero, never its opening price: ¥715,000 − fees (its ¥285,000 margin left out), unpriced', async () => {
    const { userId, fees } = await borrowerWithPosition();
    expect(await loanCollateralOf(db, userId, latest(null))).toEqual({
      yen: 715_000n - fees,
      unpriced: true,
    });
  });
});
