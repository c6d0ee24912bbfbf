import type { Db } from '../db/create-db.ts';
import type { WriteTrx } from '../db/after-commit.ts';
import { writeTransaction } from '../db/write-transaction.ts';
import { advance } from '../db/advance.ts';
import { postJournal } from '../db/repositories/ledger.store.ts';
import { insertPosition } from '../db/repositories/trading.store.ts';
import { insertApplication } from '../modules/intraday/db/applications.repository.ts';
import { platformAccount, userAccount } from '../domain/ledger/accounts.ts';
import { journalMemo } from '../domain/ledger/journal-memo.ts';
import { findInstrument, type Instrument } from '../domain/market/instruments.ts';
import { notionalMinor } from '../domain/market/prices.ts';
import type { Market } from '../domain/market/rules.ts';
import {
  buyingPowerOf,
  intradayMargin,
  positionLeverageOf,
} from '../modules/intraday/domain/buying-power.ts';
import { INTRADAY_RULES } from '../modules/intraday/domain/rules.ts';
import { intradayHoldPostings } from '../modules/intraday/domain/settlement.ts';
import { computeFees } from '../domain/trading/fees.ts';
import { openFromCash } from '../domain/trading/postings.ts';
import type { PositionSide } from '../domain/trading/order-rules.ts';
import { aUser } from './builders.ts';

export interface IntradayBookSpec {
  readonly market: Market;
  readonly session: { date: string; opensAtMs: number; closesAtMs: number };
  /** Amount held per application, minor units. */
  readonly amount: bigint;
  readonly users: number;
  readonly positionsPerUser: number;
  /** Symbols the positions rotate through, with the price they open at (scaled). */
  readonly symbols: ReadonlyArray<{ symbol: string; price: bigint; side?: PositionSide }>;
  /** Shares per position (the instrument's lot). */
  readonly qty: bigint;
  /** Cash granted to each user before applying, minor units. */
  readonly grant: bigint;
}

/** One intraday position opened from the application's hold, as the order path writes it. */
async function openOne(
  trx: WriteTrx,
  p: { userId: number; applicationId: bigint; instrument: Instrument; side: PositionSide },
  spec: IntradayBookSpec,
  price: bigint,
): Promise<void> {
  const { userId, instrument, side } = p;
  const notional = notionalMinor(spec.market, price, spec.qty, 'up');
  const margin = intradayMargin(spec.market, notional);
  const fees = computeFees(spec.market, side === 'long' ? 'buy' : 'sell', price, spec.qty);
  const leverage = positionLeverageOf(spec.market);
  const order = await trx
    .insertInto('trade_order')
    .values({
      ...{ user_id: BigInt(userId), symbol: instrument.symbol, currency: instrument.currency },
      ...{ side, kind: 'market', limit_price: null, qty: spec.qty, leverage: BigInt(leverage) },
      ...{ status: 'filled', hold_amount: 0n, fill_price: price, created_at: 0, updated_at: 0 },
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const positionId = await insertPosition(trx, {
    ...{ userId, orderId: order.id, instrument, side, qty: spec.qty, price, leverage, margin },
    ...{ fee: fees.total, nowMs: spec.session.opensAtMs, intradayApplicationId: p.applicationId },
  });
  await postJournal(
    trx,
    {
      kind: 'position_open',
      ...journalMemo('position_open', { side, qty: spec.qty, symbol: instrument.symbol }),
      actor: { type: 'user', id: userId },
      reference: `position:${positionId}`,
      postings: openFromCash(userId, instrument.currency, margin, fees, 'hold:intraday'),
    },
    spec.session.opensAtMs,
  );
}

/**
 * Users with a trading intraday application each and `positionsPerUser` open intraday positions
 * under it, written through the same repository functions and journals as the order path (cash
 * grant, hold, each position's margin and fees from the hold). Returns the application ids.
 */
export async function anIntradayBook(db: Db, spec: IntradayBookSpec): Promise<bigint[]> {
  const currency = INTRADAY_RULES[spec.market].currency;
  const applications: bigint[] = [];
  for (let u = 0; u < spec.users; u++) {
    const userId = await aUser(db);
    const id = await writeTransaction(db, async (trx) => {
      await postJournal(
        trx,
        {
          kind: 'paper_grant',
          ...journalMemo('paper_grant'),
          actor: { type: 'system', id: 'test' },
          postings: [
            {
              account: platformAccount('platform:paper_grant', currency),
              amountMinor: -spec.grant,
            },
            { account: userAccount(userId, 'cash', currency), amountMinor: spec.grant },
          ],
        },
        0,
      );
      const applicationId = await insertApplication(trx, {
        ...{ userId, market: spec.market, currency, amount: spec.amount },
        ...{
          buyingPower: buyingPowerOf(spec.market, spec.amount),
          session: spec.session,
          nowMs: 0,
        },
      });
      const row = { kind: 'intraday_application' as const, id: applicationId, userId };
      await advance(trx, row, 'applied', 'trading', { nowMs: 0 });
      await postJournal(
        trx,
        {
          kind: 'intraday_hold',
          ...journalMemo('intraday_hold', { id: applicationId }),
          actor: { type: 'user', id: userId },
          postings: intradayHoldPostings(userId, currency, spec.amount),
        },
        0,
      );
      for (let k = 0; k < spec.positionsPerUser; k++) {
        const pick = spec.symbols[(u + k) % spec.symbols.length]!;
        const instrument = findInstrument(pick.symbol) as Instrument;
        const side = pick.side ?? 'long';
        await openOne(trx, { userId, applicationId, instrument, side }, spec, pick.price);
      }
      return applicationId;
    });
    applications.push(id);
  }
  return applications;
}
