import { orderUpdated, Refusal, type AddedCredit } from '@kabuto/schema/contracts';
import { creditAddPostings } from '@kabuto/schema/credit';
import {
  hashRequest,
  insertPositionCredit,
  openCreditTotal,
  runIdempotent,
  setPositionCreditJournal,
  writeTransaction,
  type WriteTrx,
} from '@kabuto/schema/db';
import { adjustMargin } from '@kabuto/schema/modules/trading';
import { journalMemo, postJournal } from '@kabuto/schema/modules/ledger';
import type { GatewayDeps } from '../../infra/deps.ts';
import { announceInTransaction } from '../common/public.ts';
import { ownPosition, type OwnPosition } from '../trading/public.ts';
import { creditAmountOf, creditFigures } from './credit-figures.ts';

/**
 * The caller's open position, read in the transaction under the user lock. Someone else's
 * position and a closed one answer the same `order_not_holding` (the spec's "order not in
 * holding state"), so the answer tells nothing about other users' ids; an intraday position is
 * `product_unavailable`, as is a long at leverage 1.
 */
export async function holdingPosition(
  db: GatewayDeps['db'],
  userId: number,
  positionId: number,
): Promise<OwnPosition> {
  const position = await ownPosition(db, userId, positionId);
  if (!position || position.status !== 'holding') throw new Refusal('order_not_holding');
  // An intraday position's margin comes out of its application's hold and returns there; credit
  // added from cash would be released with the hold as if it were day-trade profit (and could pay
  // the forced-close fee), so day trades take no added credit.
  if (position.intraday) throw new Refusal('product_unavailable');
  // Added margin only moves a stop-out: a long at leverage 1 (a new share's lot among them) is
  // paid in full, no price stops it out, and added margin would lock cash for nothing.
  if (position.side === 'long' && position.leverage === 1) throw new Refusal('product_unavailable');
  return position;
}

interface AddCreditInput {
  position_id: number;
  amount?: string | number | undefined;
  request_id: string;
}

async function addCreditIn(
  deps: GatewayDeps,
  trx: WriteTrx,
  userId: number,
  input: AddCreditInput,
  nowMs: number,
): Promise<AddedCredit> {
  const position = await holdingPosition(trx, userId, input.position_id);
  const amount = creditAmountOf(input.amount, position);
  const figures = creditFigures(position, await openCreditTotal(trx, position.id), amount);
  const { currency } = position;
  const creditId = await insertPositionCredit(trx, {
    ...{ userId, positionId: position.id, currency, amount },
    ...{ requestId: input.request_id, nowMs },
  });
  const grow = { positionId: position.id, margin: position.margin, by: amount };
  const grown = await adjustMargin(trx, grow, nowMs);
  if (!grown.adjusted) throw new Refusal('order_not_holding');
  const memo = {
    id: creditId,
    side: position.side,
    symbol: position.symbol,
    position: position.id,
  };
  const journalId = await postJournal(
    trx,
    {
      kind: 'credit_add',
      ...journalMemo('credit_add', memo),
      actor: { type: 'user', id: userId },
      reference: `position_credit:${creditId}`,
      postings: creditAddPostings(userId, currency, amount),
    },
    nowMs,
  );
  await setPositionCreditJournal(trx, creditId, journalId);
  const payload = orderUpdated('credit_added', {
    ...{ position_id: figures.position_id, credit_id: String(creditId), amount: figures.amount },
    ...{ margin: figures.margin_after, stop_out_price: figures.stop_out_price_after },
  });
  const change = { userId, event: 'order:updated' as const, payload };
  await announceInTransaction(deps, trx, change, 'credit_added');
  return { ...figures, credit_id: String(creditId) };
}

/**
 * `trade/addcredit`: adds `amount` (a positive whole number of the position's currency) to the
 * caller's open position as margin, under the user lock: one `credit_add` journal (cash → margin),
 * the position's margin grows by the amount, a credit row (open), and `order:updated`
 * (`credit_added`) with the asset recompute, all in one transaction. Short of cash it is
 * `balance_insufficient` and nothing changes; a retry with the same request_id answers the first
 * result.
 */
export async function addCredit(deps: GatewayDeps, userId: number, input: AddCreditInput) {
  const requestHash = hashRequest({
    call: 'trade/addcredit',
    position: input.position_id,
    amount: String(input.amount ?? ''),
  });
  const nowMs = deps.clock.nowMs();
  return writeTransaction(
    deps.db,
    (trx) =>
      runIdempotent(trx, { userId, requestId: input.request_id, requestHash, nowMs }, () =>
        addCreditIn(deps, trx, userId, input, nowMs),
      ),
    { lockUser: userId },
  );
}
