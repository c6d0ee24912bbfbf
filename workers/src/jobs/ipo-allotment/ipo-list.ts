import { orderUpdated } from '@kabuto/schema/contracts';
import {
  advance,
  listingForStep,
  lockListing,
  markStepDone,
  writeTransaction,
  type Db,
  type IpoListingRow,
  type WriteTrx,
} from '@kabuto/schema/db';
import type { Currency } from '@kabuto/schema/domain';
import { formatPrice, type Market } from '@kabuto/schema/market';
import { sharesWon } from '@kabuto/schema/ipo';
import { openPosition } from '@kabuto/schema/modules/trading';
import { journalMemo, userAccount } from '@kabuto/schema/modules/ledger';
import type { IpoStepDeps } from './ipo-draw.ts';

/** Paid subscriptions listed per transaction (each is a journal and a position). */
const LIST_CHUNK = 500;
const LIST_ACTOR = { type: 'system', id: 'ipo-allotment' } as const;

interface PaidRow {
  id: bigint;
  user_id: bigint;
  lots_won: bigint | null;
  amount_due: bigint | null;
}

function paidRows(trx: Db, listingId: number): Promise<PaidRow[]> {
  return trx
    .selectFrom('ipo_subscription')
    .select(['id', 'user_id', 'lots_won', 'amount_due'])
    .where('listing_id', '=', BigInt(listingId))
    .where('status', '=', 'paid')
    .orderBy('id')
    .limit(LIST_CHUNK)
    .execute();
}

/**
 * The holding a paid subscription becomes, opened through trading's command: a long position at
 * leverage 1 whose margin is the amount paid, at the subscription price, no fee. It has no order
 * (`order_id` 0).
 */
function openListedPosition(
  trx: WriteTrx,
  listing: IpoListingRow,
  row: PaidRow,
  nowMs: number,
): Promise<bigint> {
  const instrument = { symbol: listing.symbol, currency: listing.currency as Currency };
  return openPosition(
    trx,
    {
      ...{ userId: Number(row.user_id), orderId: 0n, instrument, side: 'long' },
      ...{ qty: sharesWon(Number(row.lots_won), Number(listing.lot)), price: listing.price },
      ...{ leverage: 1, margin: row.amount_due ?? 0n, fee: 0n },
    },
    nowMs,
  );
}

/** paid → listed once: journal `ipo_listed` (hold:ipo → margin), the position, a message, events. */
async function listOne(
  deps: IpoStepDeps,
  trx: WriteTrx,
  listing: IpoListingRow,
  row: PaidRow,
): Promise<void> {
  const userId = Number(row.user_id);
  const currency = listing.currency as Currency;
  const amount = row.amount_due ?? 0n;
  const qty = sharesWon(Number(row.lots_won), Number(listing.lot));
  const price = formatPrice(listing.price, listing.market as Market);
  const nowMs = deps.clock.nowMs();
  await advance(trx, { kind: 'ipo_subscription', id: row.id, userId }, 'paid', 'listed', {
    nowMs,
    journal: {
      kind: 'ipo_listed',
      ...journalMemo('ipo_listed', { symbol: listing.symbol, qty, price }),
      actor: LIST_ACTOR,
      reference: `ipo_subscription:${row.id}`,
      postings: [
        { account: userAccount(userId, 'hold:ipo', currency), amountMinor: -amount },
        { account: userAccount(userId, 'margin', currency), amountMinor: amount },
      ],
    },
    journalColumn: 'list_journal_id',
    inbox: { kind: 'ipo_listed', params: { symbol: listing.symbol, qty: String(qty), price } },
    record: async (tx) => {
      const positionId = await openListedPosition(tx, listing, row, nowMs);
      await tx
        .updateTable('ipo_subscription')
        .set({ position_id: positionId })
        .where('id', '=', row.id)
        .execute();
      await deps.emitter.record(
        tx,
        userId,
        'order:updated',
        orderUpdated('filled', { order_id: '0', position_id: String(positionId) }),
      );
      await deps.emitter.record(tx, userId, 'assets:updated', { reason: 'ipo_listed' });
      await deps.emitter.record(tx, userId, 'message:created', {
        kind: 'ipo_listed',
        subscription_id: String(row.id),
        symbol: listing.symbol,
      });
    },
  });
}

/**
 * Announces the listed symbol so gateways and the feed reload their listed instruments at once.
 * The instrument depends only on the committed listing row and its `listing_at`, so this runs
 * before the holdings are written: a process that would not know the symbol yet could not value
 * them (positions, assets). A failed announcement only delays them to their periodic refresh.
 */
async function announce(deps: IpoStepDeps, symbol: string): Promise<void> {
  await deps.announceListing?.(symbol).catch((error: unknown) => {
    deps.logger?.info({ err: String(error), symbol }, 'listing announcement failed');
  });
}

/**
 * The listing step at `listing_at`: the announcement (see `announce`), then every paid
 * subscription becomes a holding (see `listOne`), in chunk transactions; then `listed_at`.
 * Only after the forfeit step (no win is left pending); a rerun finds no `paid` rows left and
 * posts nothing.
 */
export async function listPaid(deps: IpoStepDeps, ipoId: number): Promise<boolean> {
  const listing = await listingForStep(deps.db, ipoId);
  if (!listing || listing.forfeited_at === null || listing.listed_at !== null) return false;
  if (deps.clock.nowMs() < Number(listing.listing_at)) return false;
  await announce(deps, listing.symbol);
  for (;;) {
    const listed = await writeTransaction(deps.db, async (trx) => {
      await lockListing(trx, ipoId);
      const rows = await paidRows(trx, ipoId);
      for (const row of rows) await listOne(deps, trx, listing, row);
      return rows.length;
    });
    if (listed < LIST_CHUNK) break;
  }
  return markStepDone(deps.db, ipoId, 'listed_at', deps.clock.nowMs());
}
