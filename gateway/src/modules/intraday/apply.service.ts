import { orderUpdated, Refusal } from '@kabuto/schema/contracts';
import {
  hashRequest,
  insertApplication,
  isUniqueViolation,
  openApplicationOf,
  runIdempotent,
  writeTransaction,
  type WriteTrx,
} from '@kabuto/schema/db';
import { formatScaled, parseWholeMajorAmount, scaleOf, type Currency } from '@kabuto/schema/domain';
import {
  buyingPowerOf,
  intradayHoldPostings,
  intradayMarketOf,
  sessionForApplication,
  shownIntradayStatus,
  type IntradaySession,
} from '@kabuto/schema/intraday';
import type { Market } from '@kabuto/schema/market';
import { journalMemo, postJournal } from '@kabuto/schema/modules/ledger';
import type { GatewayDeps } from '../../infra/deps.ts';
import type { Caller } from '../../http/call.ts';
import { announceInTransaction } from '../common/public.ts';

/**
 * An application's amount: a positive whole number of major units ("100000", 100000), else
 * `credit_invalid` (decimals, signs, exponents, zero, leading zeros, blanks and words are all
 * refused), by the same rule as an added credit.
 */
export function parseIntradayAmount(raw: string | number, currency: Currency): bigint {
  // The added-credit rule: no blanks, no leading zeros, no signs ("01", " 5" are refused too).
  // Bounded by WHOLE_AMOUNT_MAX_MAJOR (a sanity bound, not a product limit).
  const amount = parseWholeMajorAmount(raw, currency);
  if (amount === null) throw new Refusal('credit_invalid');
  return amount;
}

interface ApplyWrite {
  readonly userId: number;
  readonly market: Market;
  readonly currency: Currency;
  readonly amount: bigint;
  readonly session: IntradaySession;
  readonly nowMs: number;
}

async function writeApplication(deps: GatewayDeps, trx: WriteTrx, write: ApplyWrite) {
  const { userId, market, currency, amount, session, nowMs } = write;
  if (await openApplicationOf(trx, userId, market)) throw new Refusal('fund_operation_busy');
  const id = await insertApplication(trx, {
    userId,
    market,
    currency,
    amount,
    buyingPower: buyingPowerOf(market, amount),
    session,
    nowMs,
  });
  await postJournal(
    trx,
    {
      kind: 'intraday_hold',
      ...journalMemo('intraday_hold', { id, market, date: session.date }),
      actor: { type: 'user', id: userId },
      reference: `intraday:${id}`,
      postings: intradayHoldPostings(userId, currency, amount),
    },
    nowMs,
  );
  const status = shownIntradayStatus(
    'applied',
    session,
    nowMs,
    deps.config.clock === 'always-open',
  );
  const payload = orderUpdated('intraday_applied', {
    application_id: String(id),
    status,
    amount: formatScaled(amount, scaleOf(currency)),
  });
  await announceInTransaction(deps, trx, { userId, event: 'order:updated', payload }, 'intraday');
  return { application_id: String(id), status };
}

/**
 * `intraday/apply`: holds `amount` (cash → hold:intraday, journal `intraday_hold`) for the
 * market's current session if it has not closed yet, else the next trading session. One open
 * application per user and market (`fund_operation_busy`, also when two race: the partial unique
 * index decides); short of cash `balance_insufficient`; idempotent by request_id.
 */
export async function applyIntraday(
  deps: GatewayDeps,
  caller: Pick<Caller, 'userId' | 'tradingBarred'>,
  input: { currency: string; amount: string | number; request_id: string },
) {
  const market = intradayMarketOf(input.currency);
  if (!market) throw new Refusal('invalid_param');
  const currency = input.currency as Currency;
  const amount = parseIntradayAmount(input.amount, currency);
  if (caller.tradingBarred) throw new Refusal('trading_barred');
  const { userId } = caller;
  const nowMs = deps.clock.nowMs();
  const session = sessionForApplication(market, nowMs, deps.config.clock);
  const requestHash = hashRequest({ call: 'intraday/apply', currency, amount: String(amount) });
  const write: ApplyWrite = { userId, market, currency, amount, session, nowMs };
  try {
    const applied = await writeTransaction(
      deps.db,
      (trx) =>
        runIdempotent(trx, { userId, requestId: input.request_id, requestHash, nowMs }, () =>
          writeApplication(deps, trx, write),
        ),
      { lockUser: userId },
    );
    return applied.result;
  } catch (error) {
    if (isUniqueViolation(error)) throw new Refusal('fund_operation_busy');
    throw error;
  }
}
