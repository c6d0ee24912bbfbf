import type { Db } from '../../../db/create-db.ts';
import { addDays, localClock } from '../../../domain/market/calendar-dates.ts';
import { MARKET_RULES, type Market } from '../../../domain/market/rules.ts';
import { scaleOf, type Currency } from '../../../domain/money/currency.ts';
import { openingNav } from '../domain/nav.ts';
import type { StrategyKind } from '../domain/strategies.ts';

const DAY = 86_400_000;

interface DemoProduct {
  readonly name: string;
  readonly strategy: StrategyKind;
  readonly market: Market;
  readonly currency: Currency;
  readonly universe: readonly string[];
  /** Whole major units. */
  readonly minMajor: bigint;
  readonly lockupDays: number;
  readonly feeBps: number;
}

/** Demo strategies on the catalogue's large caps (each says it is demo content in its issuer). */
const DEMO_PRODUCTS: readonly DemoProduct[] = [
  {
    name: 'Kabuto Momentum Japan 20/60',
    strategy: 'momentum',
    ...{ market: 'JP', currency: 'JPY' },
    universe: ['7203', '6758', '9984', '6861', '8306'],
    ...{ minMajor: 100_000n, lockupDays: 30, feeBps: 100 },
  },
  {
    name: 'Kabuto Pair AAPL/MSFT',
    strategy: 'pair',
    ...{ market: 'US', currency: 'USD' },
    universe: ['AAPL', 'MSFT'],
    ...{ minMajor: 1_000n, lockupDays: 14, feeBps: 80 },
  },
  {
    name: 'Kabuto Low Volatility China',
    strategy: 'low_vol',
    ...{ market: 'CN', currency: 'CNY' },
    universe: ['601398', '601988', '601857', '600028', '601166'],
    ...{ minMajor: 10_000n, lockupDays: 7, feeBps: 60 },
  },
];

/**
 * Copy-trading products' demo content, each once (by name): open for 90 days, their NAV history
 * a year long from their first date. The history itself is struck by the products job from the
 * market history once the feed has written it (the seed runs before the feed's first start).
 */
export async function seedProductsDemo(db: Db, nowMs: number): Promise<void> {
  for (const demo of DEMO_PRODUCTS) {
    const seeded = await db
      .selectFrom('product')
      .select('id')
      .where('name', '=', demo.name)
      .executeTakeFirst();
    if (seeded) continue;
    const today = localClock(nowMs, MARKET_RULES[demo.market].timeZone).date;
    const scale = scaleOf(demo.currency);
    await db
      .insertInto('product')
      .values({
        name: demo.name,
        issuer: 'Kabuto Demo Asset Management (demo content)',
        strategy: demo.strategy,
        universe: demo.universe.join(','),
        market: demo.market,
        currency: demo.currency,
        min_amount: demo.minMajor * 10n ** BigInt(scale),
        deadline_at: nowMs + 90 * DAY,
        lockup_days: demo.lockupDays,
        fee_bps: demo.feeBps,
        status: 'open',
        first_date: addDays(today, -365),
        ...{ book_cash: 0n, book_units: 0n, nav: openingNav(scale), nav_date: null },
        ...{ created_at: nowMs, updated_at: nowMs },
      })
      .execute();
  }
}
