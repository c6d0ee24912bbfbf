import { afterAll, beforeAll } from 'vitest';
import { redisKeys } from '@kabuto/schema/contracts';
import {
  registerAndLogin,
  startTestGateway,
  type Session,
  type TestGateway,
} from './test-gateway.ts';

// Orders over HTTP against the real gateway, SQLite or PostgreSQL and Redis. Prices come from
// snapshots written where the feed writes them; the clock keeps every market open.
export let t: TestGateway;
let ids = 0;
export const requestId = () => `trade-req-${String((ids += 1)).padStart(6, '0')}`;

export async function quote(symbol: string, price: string, limits: [string, string] | null = null) {
  const snapshot = {
    symbol,
    price,
    change_rate: '0.00',
    volume: 0,
    seq: 1,
    ts: Date.now(),
    open: price,
    high: price,
    low: price,
    prev_close: price,
    turnover: '0',
    limit_up: limits?.[0] ?? null,
    limit_down: limits?.[1] ?? null,
    phase: 'continuous',
    date: '2026-11-20',
    source: 'test',
  };
  await t.redis.hset(redisKeys(t.prefix).latestQuotes, symbol, JSON.stringify(snapshot));
}

export async function fundedUser(): Promise<Session> {
  const session = await registerAndLogin(t);
  for (const currency of ['jpy', 'usd', 'cny']) {
    await t.call('user/paperfund', { currency, request_id: requestId() }, session);
  }
  return session;
}

export const cash = async (session: Session, currency: string) => {
  const rows = await t.testDb.db
    .selectFrom('ledger_account')
    .innerJoin('app_user', 'app_user.id', 'ledger_account.user_id')
    .select(['ledger_account.balance'])
    .where('app_user.account', '=', session.account)
    .where('kind', '=', 'cash')
    .where('currency', '=', currency)
    .execute();
  return rows[0]?.balance ?? 0n;
};
export const count = async (table: 'journal' | 'trade_order' | 'position') =>
  Number(
    (
      await t.testDb.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
export const order = (session: Session, body: Record<string, string>) =>
  t.call('trade/order', { request_id: requestId(), leverage: '1', ...body }, session);

/** Boots one gateway on the always-open clock with quotes for the symbols the tests trade. */
export function useTradingGateway(): void {
  beforeAll(async () => {
    t = await startTestGateway({ KABUTO_CLOCK: 'always-open' });
    await quote('7203', '2850', ['3350', '2350']);
    await quote('AAPL', '230.00');
    await quote('600519', '1450.00', ['1595.00', '1305.00']);
    await quote('688256', '600.00', ['720.00', '480.00']);
    await quote('6758', '2666.5', ['3166.5', '2166.5']);
  }, 60_000);

  afterAll(async () => {
    await t.close();
  });
}
