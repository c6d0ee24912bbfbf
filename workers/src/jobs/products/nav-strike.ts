import type { Clock } from '@kabuto/schema/contracts';
import { advance, writeTransaction, type Db, type WriteTrx } from '@kabuto/schema/db';
import { formatScaled, scaleOf } from '@kabuto/schema/domain';
import { journalMemo, postJournal } from '@kabuto/schema/modules/ledger';
import {
  bookTradePostings,
  formatNav,
  formatUnits,
  lastClosedDate,
  lockupEndDate,
  navHistory,
  redemptionPayDate,
  strikeBook,
  strikeDateDue,
  struckPostings,
  targetWeights,
  type Strike,
} from '@kabuto/schema/modules/products/domain/index.ts';
import { sessionCloseMs } from '@kabuto/schema/market';
import {
  holdingsOf,
  saveHistory,
  saveStrike,
  struckProducts,
  type Product,
} from '@kabuto/schema/modules/products/db/products.repository.ts';
import {
  ordersInStatus,
  type ProductOrder,
} from '@kabuto/schema/modules/products/db/orders.repository.ts';
import { closeDays, closesUpTo, LOOKBACK_DAYS } from '@kabuto/schema/modules/products/db/closes.ts';
import { addDays } from '@kabuto/schema/market';
import type { AccountEmitter } from '../../infra/account-emitter.ts';
import type { Logger } from '../../infra/logger.ts';

const ACTOR = { type: 'system', id: 'product-nav' } as const;

export interface NavStrikeDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly emitter: Pick<AccountEmitter, 'record'>;
  readonly logger?: Pick<Logger, 'info' | 'warn'>;
}

/** What a strike reads: the closes (with the strategy's look-back) and the orders it settles. */
async function strikeInputs(db: Db, product: Product, date: string) {
  const holdings = await holdingsOf(db, product.id);
  const symbols = [...new Set([...product.universe, ...Object.keys(holdings)])];
  const days = await closesUpTo(db, symbols, product.market, product.currency, date);
  const today = days[days.length - 1];
  if (!today || today.date !== date) return null; // no close for every name: no NAV today
  const series: Record<string, bigint[]> = {};
  for (const day of days) {
    for (const [symbol, price] of Object.entries(day.closes)) {
      (series[symbol] ??= []).push(price.num);
    }
  }
  const weights = targetWeights({ kind: product.strategy, universe: product.universe }, series);
  // Forward pricing: a follow placed after the close waits for the next one.
  const cutoff = sessionCloseMs(product.market, date);
  const follows = (await ordersInStatus(db, product.id, 'pending')).filter(
    (o) => o.createdAtMs <= cutoff,
  );
  const redemptions = await ordersInStatus(db, product.id, 'redeeming');
  return { holdings, closes: today.closes, weights, follows, redemptions };
}

/** An amount of the product's currency as the inbox shows it (a decimal string). */
export const moneyOf = (product: Pick<Product, 'currency'>, minor: bigint): string =>
  formatScaled(minor, scaleOf(product.currency));

async function issueUnits(
  deps: NavStrikeDeps,
  trx: WriteTrx,
  product: Product,
  order: ProductOrder,
  issued: Strike['issued'][number],
  context: { date: string; nav: bigint; nowMs: number },
) {
  const { date, nav, nowMs } = context;
  const navText = formatNav(nav, scaleOf(product.currency));
  const units = formatUnits(issued.units);
  await advance(
    trx,
    { kind: 'product_order', id: order.id, userId: order.userId },
    'pending',
    'following',
    {
      nowMs,
      set: {
        units: issued.units,
        struck_date: date,
        strike_nav: nav,
        lockup_end: lockupEndDate(date, product.lockupDays),
      },
      journal: {
        kind: 'product_struck',
        ...journalMemo('product_struck', {
          order: order.id,
          name: product.name,
          units,
          nav: navText,
        }),
        actor: ACTOR,
        reference: `product_order:${order.id}`,
        postings: struckPostings(order.userId, product.currency, order.amount),
      },
      inbox: {
        kind: 'product_struck',
        params: {
          ...{ name: product.name, units, nav: navText, date },
          ...{ amount: moneyOf(product, order.amount), currency: product.currency },
        },
      },
      record: async (tx) => {
        await deps.emitter.record(tx, order.userId, 'assets:updated', { reason: 'product_struck' });
        const message = { kind: 'product_struck' as const, order_id: String(order.id) };
        await deps.emitter.record(tx, order.userId, 'message:created', message);
      },
    },
  );
}

async function valueRedemption(
  deps: NavStrikeDeps,
  trx: WriteTrx,
  product: Product,
  order: ProductOrder,
  paid: Strike['paid'][number],
  context: { date: string; nav: bigint; nowMs: number },
) {
  const { date, nav, nowMs } = context;
  await advance(
    trx,
    { kind: 'product_order', id: order.id, userId: order.userId },
    'redeeming',
    'redeemed',
    {
      nowMs,
      set: {
        redeem_nav: nav,
        redeem_amount: paid.amount,
        pay_date: redemptionPayDate(product.market, date),
      },
      record: async (tx) => {
        await deps.emitter.record(tx, order.userId, 'assets:updated', {
          reason: 'product_redeemed',
        });
      },
    },
  );
}

/**
 * Strikes one product's NAV at the `date` close in one transaction: the book marked at the
 * closes, due redemptions valued (owed from the book, paid the next business day), pending
 * follows given their units (`product_struck`), the book rebalanced (`product_book_trade`), the
 * NAV row written. The book's write is conditional on its last NAV date, so a second worker or a
 * rerun strikes nothing twice. False when there was nothing to strike.
 */
export async function strikeProduct(deps: NavStrikeDeps, product: Product, date: string) {
  const inputs = await strikeInputs(deps.db, product, date);
  if (!inputs) {
    deps.logger?.warn({ product: product.id, date }, 'no close for every name: NAV not struck');
    return false;
  }
  const book = {
    cash: product.bookCash,
    holdings: inputs.holdings,
    units: product.bookUnits,
    nav: product.nav,
  };
  const strike = strikeBook(
    book,
    inputs.closes,
    inputs.weights,
    inputs.follows.map((o) => ({ orderId: String(o.id), amount: o.amount })),
    inputs.redemptions.map((o) => ({ orderId: String(o.id), units: o.units })),
  );
  return writeTransaction(deps.db, async (trx) => {
    const nowMs = deps.clock.nowMs();
    if (!(await saveStrike(trx, product, date, strike, nowMs))) return false;
    const context = { date, nav: strike.nav, nowMs };
    const byId = new Map([...inputs.follows, ...inputs.redemptions].map((o) => [String(o.id), o]));
    for (const paid of strike.paid) {
      await valueRedemption(
        deps,
        trx,
        product,
        byId.get(paid.orderId) as ProductOrder,
        paid,
        context,
      );
    }
    for (const issued of strike.issued) {
      await issueUnits(
        deps,
        trx,
        product,
        byId.get(issued.orderId) as ProductOrder,
        issued,
        context,
      );
    }
    const cashOut = strike.trades.reduce((sum, t) => sum + t.cash, 0n);
    if (cashOut !== 0n) {
      await postJournal(
        trx,
        {
          kind: 'product_book_trade',
          ...journalMemo('product_book_trade', { product: product.id, name: product.name, date }),
          actor: ACTOR,
          reference: `product:${product.id}:${date}`,
          postings: bookTradePostings(product.currency, cashOut),
        },
        nowMs,
      );
    }
    return true;
  });
}

/** The seed a history is run with (a million major units): large enough to hold every name. */
const HISTORY_SEED_MAJOR = 1_000_000n;

/**
 * A new product's NAV history from its first date to the last close before it was created,
 * struck once from the market history (`navHistory`); false while the feed has not written that
 * history yet.
 */
export async function strikeHistory(deps: NavStrikeDeps, product: Product): Promise<boolean> {
  // The closes before the product existed: from its first close on, the book is struck live (a
  // follow placed before that close gets its units at it).
  const last = lastClosedDate(product.market, product.createdAtMs);
  const { market, currency, universe } = product;
  const days = await closeDays(deps.db, universe, market, currency, {
    from: addDays(product.firstDate, -LOOKBACK_DAYS),
    to: last,
  });
  const inRange = days.filter((d) => d.date >= product.firstDate);
  if (inRange.length === 0 || inRange[inRange.length - 1]?.date !== last) return false;
  const scale = scaleOf(currency);
  const points = navHistory(
    { kind: product.strategy, universe },
    inRange,
    HISTORY_SEED_MAJOR * 10n ** BigInt(scale),
    scale,
    days.filter((d) => d.date < product.firstDate),
  );
  return writeTransaction(deps.db, (trx) => saveHistory(trx, product, points, deps.clock.nowMs()));
}

/** Every product whose market has closed since its last NAV: struck at that close. */
export async function strikeDueProducts(deps: NavStrikeDeps): Promise<number> {
  let struck = 0;
  for (const product of await struckProducts(deps.db)) {
    if (product.navDate === null) {
      if (await strikeHistory(deps, product)) struck += 1;
      continue;
    }
    const date = strikeDateDue(product.market, deps.clock.nowMs(), product.navDate);
    if (date !== null && (await strikeProduct(deps, product, date))) struck += 1;
  }
  return struck;
}
