import { randomBytes } from 'node:crypto';
import { fxSymbol, rateLookupFromLatest, redisKeys, Refusal } from '@kabuto/schema/contracts';
import { hashRequest, postJournal, runIdempotent, writeTransaction } from '@kabuto/schema/db';
import { formatScaled, journalMemo, scaleOf, type Currency } from '@kabuto/schema/domain';
import {
  exchangePostings,
  formatRate,
  quoteExchange,
  type ExchangeQuote,
} from '@kabuto/schema/funds';
import type { GatewayDeps } from '../../infra/deps.ts';
import { announceInTransaction } from '../common/public.ts';
import { parsePositiveAmount } from './fund-checks.ts';

export interface ExchangeInput {
  readonly from: string;
  readonly to: string;
  readonly amount: string;
}

/** How long a priced exchange keeps its rate for the user to confirm it. */
export const EXCHANGE_QUOTE_TTL_S = 15;

function checkedInput(input: ExchangeInput): {
  from: Currency;
  to: Currency;
  amountInMinor: bigint;
} {
  const from = input.from as Currency;
  const to = input.to as Currency;
  if (from === to) throw new Refusal('same_currency');
  return { from, to, amountInMinor: parsePositiveAmount(input.amount, from) };
}

/** Prices an exchange at the feed's latest rates (cross rates through JPY) with the published spread. */
export async function priceExchange(
  deps: GatewayDeps,
  input: ExchangeInput,
): Promise<ExchangeQuote> {
  const { from, to, amountInMinor } = checkedInput(input);
  const symbols = [fxSymbol(from), fxSymbol(to)];
  const raws = await deps.redis.hmget(redisKeys(deps.config.redisPrefix).latestQuotes, ...symbols);
  const latest: Record<string, string> = {};
  raws.forEach((raw, i) => {
    if (raw) latest[symbols[i] as string] = raw;
  });
  const midRate = rateLookupFromLatest(latest)(from, to);
  if (!midRate) throw new Refusal('price_unavailable');
  const quote = quoteExchange({ from, to, midRate, amountInMinor });
  if (quote.amountOutMinor <= 0n) {
    throw new Refusal('invalid_param', { fields: { amount: 'too_small' } });
  }
  return quote;
}

/**
 * `fund/exchangequote`: prices the exchange and locks that mid rate for EXCHANGE_QUOTE_TTL_S
 * seconds under a quote id, so the confirmed exchange gets exactly what the user saw.
 */
export async function lockExchangeQuote(deps: GatewayDeps, userId: number, input: ExchangeInput) {
  const quote = await priceExchange(deps, input);
  const quoteId = randomBytes(12).toString('base64url');
  const locked = JSON.stringify({
    from: quote.from,
    to: quote.to,
    amountIn: String(quote.amountInMinor),
    mantissa: String(quote.midRate.mantissa),
    scale: quote.midRate.scale,
  });
  await deps.redis.set(
    redisKeys(deps.config.redisPrefix).exchangeQuote(userId, quoteId),
    locked,
    'EX',
    EXCHANGE_QUOTE_TTL_S,
  );
  return { ...exchangeToWire(quote), quote_id: quoteId, valid_seconds: EXCHANGE_QUOTE_TTL_S };
}

/**
 * Takes the locked quote for one request: the first request to take it owns it, and only retries
 * of that request (same request_id) may take it again while it lives. Atomic in Redis, so two
 * requests never both get one quote, and a retry sent alongside the first still finds its rate.
 */
const TAKE_QUOTE = `
local taker = redis.call('GET', KEYS[2])
if taker and taker ~= ARGV[1] then return false end
local quote = redis.call('GET', KEYS[1])
if not quote then return false end
redis.call('SET', KEYS[2], ARGV[1], 'EX', ARGV[2])
return quote`;

/** The locked quote for this request when it is still valid and for the same currencies and amount. */
async function takeLockedQuote(
  deps: GatewayDeps,
  userId: number,
  quoteId: string,
  input: ExchangeInput & { request_id: string },
): Promise<ExchangeQuote | undefined> {
  const key = redisKeys(deps.config.redisPrefix).exchangeQuote(userId, quoteId);
  const raw = (await deps.redis.eval(
    TAKE_QUOTE,
    2,
    key,
    `${key}:taker`,
    input.request_id,
    EXCHANGE_QUOTE_TTL_S,
  )) as string | null;
  if (!raw) return undefined;
  const locked = JSON.parse(raw) as {
    from: Currency;
    to: Currency;
    amountIn: string;
    mantissa: string;
    scale: number;
  };
  const { from, to, amountInMinor } = checkedInput(input);
  if (locked.from !== from || locked.to !== to || locked.amountIn !== String(amountInMinor)) {
    return undefined;
  }
  return quoteExchange({
    from,
    to,
    midRate: { mantissa: BigInt(locked.mantissa), scale: locked.scale },
    amountInMinor,
  });
}

export function exchangeToWire(quote: ExchangeQuote) {
  return {
    from: quote.from,
    to: quote.to,
    mid_rate: formatRate(quote.midRate),
    applied_rate: formatRate(quote.appliedRate),
    spread: `${formatScaled(quote.spreadBp, 2)}%`,
    amount: formatScaled(quote.amountInMinor, scaleOf(quote.from)),
    receive: formatScaled(quote.amountOutMinor, scaleOf(quote.to)),
  };
}

/**
 * `fund/exchange`: one ledger transaction, cash out of one currency and into the other. With a
 * `quote_id` it runs only at that quote's locked rate: a quote that lapsed, was spent or was for
 * another amount is refused with `quote_expired` (never the current rate the user did not see);
 * a retry of a request that went through replays its answer, also one sent at the same time (the
 * user lock). Without one, at the current rate.
 */
export async function exchange(
  deps: GatewayDeps,
  userId: number,
  input: ExchangeInput & { request_id: string; quote_id?: string | undefined },
) {
  const quote = input.quote_id
    ? await takeLockedQuote(deps, userId, input.quote_id, input)
    : await priceExchange(deps, input);
  const { from, to, amountInMinor } = checkedInput(input);
  const requestHash = hashRequest({
    call: 'fund/exchange',
    from,
    to,
    amount: String(amountInMinor),
  });
  const nowMs = deps.clock.nowMs();
  // Under the user lock, a retry sent at the same time waits for the first and replays its answer.
  return writeTransaction(
    deps.db,
    async (trx) => {
      return runIdempotent(
        trx,
        { userId, requestId: input.request_id, requestHash, nowMs },
        async () => {
          if (!quote) throw new Refusal('quote_expired');
          const wire = exchangeToWire(quote);
          const journalId = await postJournal(
            trx,
            {
              kind: 'exchange',
              ...journalMemo('exchange', {
                amount: wire.amount,
                from: quote.from,
                receive: wire.receive,
                to: quote.to,
                rate: wire.applied_rate,
                mid: wire.mid_rate,
                spread: wire.spread,
              }),
              actor: { type: 'user', id: userId },
              reference: `fx:${quote.from}${quote.to}`,
              postings: exchangePostings(userId, quote),
            },
            nowMs,
          );
          const answer = { ...wire, journal_id: String(journalId) };
          const payload = { reason: 'exchange' as const, ...answer };
          const change = { userId, event: 'fund:updated' as const, payload };
          await announceInTransaction(deps, trx, change, 'exchange');
          return answer;
        },
      );
    },
    { lockUser: userId },
  );
}
