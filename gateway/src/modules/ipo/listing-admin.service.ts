import { Refusal } from '@kabuto/schema/contracts';
import {
  findListing,
  insertListing,
  subscriptionsOfListing,
  updateListingBeforeOpen,
  writeTransaction,
  type IpoListingTerms,
  type WriteTrx,
} from '@kabuto/schema/db';
import { formatPrice, type Market } from '@kabuto/schema/market';
import type { GatewayDeps } from '../../infra/deps.ts';
import type { AdminCaller } from '../../http/call.ts';
import { audit } from '../admin/public.ts';
import { listingOr404 } from './ipo-query.service.ts';
import { listingToWire, moneyOf } from './ipo-wire.ts';
import { sealedLotterySecrets } from '@kabuto/schema/lottery';
import { checkedTerms, type ListingInput } from './listing-terms.ts';

/** The terms that are prices: the audit row shows them as the market writes them ("1500"). */
const PRICE_TERMS = new Set(['price', 'market_price', 'underwriting_price']);

/** What the audit row keeps of the terms: every field, prices as the market writes them. */
const auditDetail = (terms: IpoListingTerms) =>
  Object.fromEntries(
    Object.entries(terms).map(([key, value]) => [
      key,
      typeof value !== 'bigint'
        ? value
        : PRICE_TERMS.has(key)
          ? formatPrice(value, terms.market as Market)
          : String(value),
    ]),
  );

const stepTimes = (id: number, terms: IpoListingTerms) => ({
  id,
  subscribeEnd: Number(terms.subscribe_end),
  drawAt: Number(terms.draw_at),
  payDeadline: Number(terms.pay_deadline),
  listingAt: Number(terms.listing_at),
});

async function writeAudit(
  trx: WriteTrx,
  admin: AdminCaller,
  action: string,
  id: number,
  detail: Record<string, unknown>,
  nowMs: number,
) {
  await audit(trx, { adminId: admin.adminId, action, subject: `ipo_listing:${id}`, detail, nowMs });
}

/**
 * `ipo/create`: a checked listing with a fresh seed (committed to now, revealed by the draw) and
 * ticket key, both stored sealed, its audit row in the same transaction; once committed, its four
 * step jobs.
 */
export async function createListing(deps: GatewayDeps, admin: AdminCaller, input: ListingInput) {
  const nowMs = deps.clock.nowMs();
  const terms = await checkedTerms(deps.db, input, nowMs);
  const secrets = sealedLotterySecrets(deps.secrets);
  return writeTransaction(deps.db, async (trx) => {
    const id = await insertListing(trx, {
      ...terms,
      ...secrets,
      created_by: BigInt(admin.adminId),
      created_at: nowMs,
    });
    const detail = { ...auditDetail(terms), seed_commitment: secrets.seed_commitment };
    await writeAudit(trx, admin, 'ipo.create', id, detail, nowMs);
    trx.afterCommit(() => deps.ipoSteps.schedule(stepTimes(id, terms)));
    return { id: String(id), seed_commitment: secrets.seed_commitment };
  });
}

/**
 * `ipo/update`: new terms for a listing whose window has not opened (one conditional update: an
 * edit racing the opening loses with `listing_already_open`); audited; the steps rescheduled. The
 * seed and its commitment never change.
 */
export async function updateListing(
  deps: GatewayDeps,
  admin: AdminCaller,
  input: ListingInput & { id: number },
) {
  const nowMs = deps.clock.nowMs();
  const before = await findListing(deps.db, input.id);
  if (!before) throw new Refusal('not_found');
  if (before.subscribeStart <= nowMs) throw new Refusal('listing_already_open');
  const terms = await checkedTerms(deps.db, input, nowMs, input.id);
  await writeTransaction(deps.db, async (trx) => {
    if (!(await updateListingBeforeOpen(trx, input.id, terms, nowMs))) {
      throw new Refusal('listing_already_open');
    }
    await writeAudit(trx, admin, 'ipo.update', input.id, auditDetail(terms), nowMs);
    trx.afterCommit(() => deps.ipoSteps.reschedule(stepTimes(input.id, terms)));
  });
  return null;
}

/** `ipo/subscriptions`: a listing and its subscriptions in ticket order, with results. */
export async function listingSubscriptions(deps: GatewayDeps, id: number) {
  const listing = await listingOr404(deps.db, id);
  const subs = await subscriptionsOfListing(deps.db, id);
  return {
    listing: {
      ...listingToWire(listing, 'us', deps.clock.nowMs()),
      applicants: subs.length,
      lots_applied: subs.reduce((sum, s) => sum + s.lots, 0),
    },
    subscriptions: subs.map((s) => ({
      id: String(s.id),
      user_id: String(s.userId),
      account: s.account,
      lots: s.lots,
      ticket: s.ticket,
      status: s.status,
      lots_won: s.lotsWon,
      amount_due: s.amountDue === null ? null : moneyOf(listing, s.amountDue),
      created_at: s.createdAtMs,
    })),
  };
}
