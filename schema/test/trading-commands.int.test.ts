import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditAddPostings } from '../src/modules/credit/domain/index.ts';
import { platformAccount, transfer, userAccount } from '../src/domain/index.ts';
import { findInstrument, type Instrument } from '../src/domain/market/instruments.ts';
import { computeFees, openFromCash, requiredMargin } from '../src/domain/trading/index.ts';
import {
  insertPositionCredit,
  postJournal,
  userBalance,
  writeTransaction,
  type Db,
  type PositionRow,
} from '../src/db/index.ts';
import {
  addedMarginOf,
  adjustMargin,
  closePosition,
  holdingPosition,
  onPositionClose,
  openPosition,
  positionCloseHookNames,
  type OpenPosition,
} from '../src/modules/trading/public.ts';
import { aUser, makeTestDb, testClock, type TestDb } from '../src/testing/index.ts';

const system = { type: 'system', id: 'test' } as const;
const toyota = findInstrument('7203') as Instrument;
/** ¥2,850.0 at the JP price scale (one decimal). */
const PRICE = 28_500n;
const clock = testClock(Date.UTC(2026, 10, 24, 1, 0));
let testDb: TestDb;
let db: Db;

/** Every close the recording hook saw, in order (a product's hook, registered as a product would). */
const fullCloses: bigint[] = [];

beforeAll(async () => {
  testDb = await makeTestDb();
  db = testDb.db;
  onPositionClose({
    name: 'test-recorder',
    afterFullClose: async (_trx, positionId) => {
      fullCloses.push(positionId);
    },
  });
});
afterAll(async () => testDb.cleanup());

/** A user with ¥1,000,000 of cash. */
async function fundedUser(): Promise<number> {
  const userId = await aUser(db);
  await writeTransaction(db, (trx) =>
    postJournal(
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
      clock.nowMs(),
    ),
  );
  return userId;
}

/** 200 × 7203 long at ¥2,850 (margin ¥570,000 out of cash, as `trade/order` moves it). */
async function openedLong(userId: number): Promise<PositionRow> {
  const qty = 200n;
  const margin = requiredMargin(toyota, PRICE, qty, 1);
  const fees = computeFees('JP', 'buy', PRICE, qty);
  const nowMs = clock.nowMs();
  const position: OpenPosition = {
    ...{ userId, orderId: 0n, instrument: toyota, side: 'long', qty, price: PRICE },
    ...{ leverage: 1, margin, fee: fees.total },
  };
  const id = await writeTransaction(db, async (trx) => {
    const opened = await openPosition(trx, position, nowMs);
    await postJournal(
      trx,
      {
        kind: 'position_open',
        memo: 'open',
        actor: system,
        reference: `position:${opened}`,
        postings: openFromCash(userId, 'JPY', margin, fees),
      },
      nowMs,
    );
    return opened;
  });
  return (await holdingPosition(db, id)) as PositionRow;
}

const positions = (userId: number) =>
  db
    .selectFrom('position')
    .selectAll()
    .where('user_id', '=', BigInt(userId))
    .orderBy('id')
    .execute();

describe('trading public door: openPosition', () => {
  it('opens a holding 200 × 7203 at ¥2,850 with margin ¥570,000 stamped at the time it is given', async () => {
    const userId = await fundedUser();
    const position = await openedLong(userId);
    expect(position).toMatchObject({
      symbol: '7203',
      currency: 'JPY',
      side: 'long',
      qty: 200n,
      open_price: PRICE,
      margin: 570_000n,
      status: 'holding',
      order_id: 0n,
      intraday_application_id: null,
    });
    expect(Number(position.opened_at)).toBeGreaterThan(Date.UTC(2026, 10, 24, 1, 0));
    expect(await userBalance(db, userId, 'margin', 'JPY')).toBe(570_000n);
  });

  it('refuses a position of 0 shares, a negative margin or leverage 0: the transaction rolls back, no row', async () => {
    const userId = await fundedUser();
    const good: OpenPosition = {
      ...{ userId, orderId: 0n, instrument: toyota, side: 'long', qty: 100n, price: PRICE },
      ...{ leverage: 1, margin: 285_000n, fee: 0n },
    };
    for (const bad of [{ qty: 0n }, { margin: -1n }, { leverage: 0 }, { fee: -1n }]) {
      await expect(
        writeTransaction(db, (trx) => openPosition(trx, { ...good, ...bad }, clock.nowMs())),
      ).rejects.toThrow(/invalid position 7203/);
    }
    expect(await positions(userId)).toEqual([]);
  });
});

describe('trading public door: adjustMargin', () => {
  it('adds ¥50,000 to an open position read at ¥570,000: margin ¥620,000', async () => {
    const userId = await fundedUser();
    const position = await openedLong(userId);
    const change = { positionId: position.id, margin: position.margin, by: 50_000n };
    const result = await writeTransaction(db, (trx) => adjustMargin(trx, change, clock.nowMs()));
    expect(result).toEqual({ adjusted: true, margin: 620_000n });
    expect((await holdingPosition(db, position.id))?.margin).toBe(620_000n);
  });

  it('changes nothing on a closed position, on a margin read before another change, by 0 or below 0', async () => {
    const userId = await fundedUser();
    const position = await openedLong(userId);
    const adjust = (margin: bigint, by: bigint) =>
      writeTransaction(db, (trx) =>
        adjustMargin(trx, { positionId: position.id, margin, by }, clock.nowMs()),
      );
    expect(await adjust(569_999n, 1_000n)).toEqual({ adjusted: false, reason: 'not_holding' });
    expect(await adjust(570_000n, 0n)).toEqual({ adjusted: false, reason: 'invalid' });
    expect(await adjust(570_000n, -570_001n)).toEqual({ adjusted: false, reason: 'invalid' });
    expect((await positions(userId))[0]?.margin).toBe(570_000n);
    const close = { price: PRICE, reason: 'user', actor: system } as const;
    await writeTransaction(db, (trx) => closePosition(trx, position, close, clock.nowMs()));
    const closed = await positions(userId);
    expect(await adjust(570_000n, 1_000n)).toEqual({ adjusted: false, reason: 'not_holding' });
    expect(await positions(userId)).toEqual(closed);
  });
});

describe('trading public door: closePosition and close hooks', () => {
  it('closes 200 × 7203 at ¥2,850 in full: margin back to cash, the products’ hooks run once', async () => {
    const userId = await fundedUser();
    const position = await openedLong(userId);
    const close = { price: PRICE, reason: 'user', actor: system } as const;
    const closed = await writeTransaction(db, (trx) =>
      closePosition(trx, position, close, clock.nowMs()),
    );
    expect(closed).toMatchObject({ positionId: position.id, qty: 200n, pnl: 0n });
    expect(await userBalance(db, userId, 'margin', 'JPY')).toBe(0n);
    expect(fullCloses.filter((id) => id === position.id)).toEqual([position.id]);
    expect(await holdingPosition(db, position.id)).toBeUndefined();
  });

  it('refuses a second close of the same row (order_not_holding) and an odd lot (qty_invalid); nothing changes', async () => {
    const userId = await fundedUser();
    const position = await openedLong(userId);
    const close = { price: PRICE, reason: 'user', actor: system } as const;
    const odd = { ...close, qty: 50n };
    await expect(
      writeTransaction(db, (trx) => closePosition(trx, position, odd, clock.nowMs())),
    ).rejects.toMatchObject({ msg: 'qty_invalid' });
    expect((await positions(userId))[0]?.status).toBe('holding');
    await writeTransaction(db, (trx) => closePosition(trx, position, close, clock.nowMs()));
    const after = await positions(userId);
    const cash = await userBalance(db, userId, 'cash', 'JPY');
    await expect(
      writeTransaction(db, (trx) => closePosition(trx, position, close, clock.nowMs())),
    ).rejects.toMatchObject({ msg: 'order_not_holding' });
    expect([await positions(userId), await userBalance(db, userId, 'cash', 'JPY')]).toEqual([
      after,
      cash,
    ]);
  });

  it('credit registers its hook (trading imports no product): ¥30,000 of credit stays with the open 100 of a half close and returns with the rest', async () => {
    expect(positionCloseHookNames()).toContain('credit');
    const userId = await fundedUser();
    const position = await openedLong(userId);
    await writeTransaction(db, async (trx) => {
      const nowMs = clock.nowMs();
      const change = { positionId: position.id, margin: position.margin, by: 30_000n };
      expect((await adjustMargin(trx, change, nowMs)).adjusted).toBe(true);
      const credit = { userId, positionId: position.id, currency: 'JPY', amount: 30_000n } as const;
      await insertPositionCredit(trx, { ...credit, requestId: 'r1', nowMs });
      await postJournal(
        trx,
        {
          kind: 'credit_add',
          memo: 'credit',
          actor: system,
          postings: creditAddPostings(userId, 'JPY', 30_000n),
        },
        nowMs,
      );
    });
    const grown = (await holdingPosition(db, position.id)) as PositionRow;
    const half = { price: PRICE, reason: 'user', actor: system, qty: 100n } as const;
    await writeTransaction(db, (trx) => closePosition(trx, grown, half, clock.nowMs()));
    const rest = (await holdingPosition(db, position.id)) as PositionRow;
    // The closed half takes half of the ¥570,000 opened with; the credit stays open with the rest.
    expect(rest.margin).toBe(285_000n + 30_000n);
    expect(await addedMarginOf(db, [position.id, 0n])).toEqual(new Map([[position.id, 30_000n]]));
    const credits = () =>
      db.selectFrom('position_credit').select('status').where('position_id', '=', position.id);
    expect(await credits().execute()).toEqual([{ status: 'open' }]);
    const all = { price: PRICE, reason: 'user', actor: system } as const;
    await writeTransaction(db, (trx) => closePosition(trx, rest, all, clock.nowMs()));
    expect(await credits().execute()).toEqual([{ status: 'returned' }]);
    expect(await addedMarginOf(db, [position.id])).toEqual(new Map());
    expect(await userBalance(db, userId, 'margin', 'JPY')).toBe(0n);
  });
});
