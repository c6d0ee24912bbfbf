import { createHash } from 'node:crypto';
import type { Clock, RandomnessBeacon } from '@kabuto/schema/contracts';
import {
  advance,
  insertInboxMessage,
  writeTransaction,
  type Db,
  type SecretBox,
  type WriteTrx,
} from '@kabuto/schema/db';
import { formatScaled, scaleOf } from '@kabuto/schema/domain';
import { drawOrdered, listHash, type OrderedDraw } from '@kabuto/schema/lottery';
import { blockReleasePostings, purchaseCost } from '@kabuto/schema/modules/block/domain/index.ts';
import {
  findOffer,
  markListFrozen,
  offerSecrets,
  offersDueForDraw,
  storeDraw,
  storeListHash,
  type BlockOffer,
} from '@kabuto/schema/modules/block/db/offers.repository.ts';
import {
  applicationsOf,
  keepWon,
  type BlockOrder,
} from '@kabuto/schema/modules/block/db/orders.repository.ts';
import { journalMemo, postJournal } from '@kabuto/schema/modules/ledger';
import type { AccountEmitter } from '../../infra/account-emitter.ts';
import type { Logger } from '../../infra/logger.ts';

const ACTOR = { type: 'system', id: 'block-draw' } as const;
const nodeSha256 = () => createHash('sha256');

export interface BlockDrawDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly emitter: Pick<AccountEmitter, 'record'>;
  /** The beacon for the offer's kind (`local` in paper mode, `drand` in live mode). */
  readonly beaconFor: (kind: 'local' | 'drand') => Pick<RandomnessBeacon, 'after'>;
  /** Opens the offer's sealed seed for the draw. */
  readonly secrets: SecretBox;
  readonly logger?: Pick<Logger, 'info' | 'warn'>;
}

const entriesOf = (applications: readonly BlockOrder[]) =>
  applications.map((a) => ({ ticket: a.ticket ?? '', lots: a.lotsApplied ?? 0 }));

/**
 * DESIGN.md §8 step 2: the list frozen and its hash published once the window has ended, before
 * any beacon is asked for. The offer's row is taken first, so an application that touched it
 * commits before the list is read and every later one is refused.
 */
async function freezeList(deps: BlockDrawDeps, offer: BlockOffer): Promise<BlockOffer> {
  if (offer.lottery.listHash !== null) return offer;
  await writeTransaction(deps.db, async (trx) => {
    await markListFrozen(trx, offer.id, deps.clock.nowMs());
    const hash = listHash(entriesOf(await applicationsOf(trx, offer.id)), nodeSha256);
    await storeListHash(trx, offer.id, hash);
  });
  const frozen = await findOffer(deps.db, offer.id);
  if (!frozen?.lottery.listFrozenAt) throw new Error(`block offer ${offer.id}: freeze not stored`);
  return frozen;
}

/** What the draw's notices say for one application. */
function noticeParams(offer: BlockOffer, won: number, released: bigint) {
  return {
    offer: String(offer.id),
    symbol: offer.symbol,
    lots: String(won),
    amount: formatScaled(released, scaleOf(offer.currency)),
    currency: offer.currency,
  };
}

async function recordDrawn(
  deps: BlockDrawDeps,
  trx: WriteTrx,
  application: BlockOrder,
  notice: { kind: 'block_won' | 'block_lost'; released: string; lotsWon: number },
) {
  const { userId } = application;
  const orderId = String(application.id);
  await deps.emitter.record(trx, userId, 'fund:updated', {
    ...{ reason: 'block_drawn', offer_id: String(application.offerId), order_id: orderId },
    ...{ lots_won: notice.lotsWon, released: notice.released },
  });
  await deps.emitter.record(trx, userId, 'message:created', {
    kind: notice.kind,
    order_id: orderId,
  });
}

/** A loser: held → void, the whole cost back to cash (`block_release`), and its notices. */
async function writeLoser(
  deps: BlockDrawDeps,
  trx: WriteTrx,
  offer: BlockOffer,
  application: BlockOrder,
  nowMs: number,
) {
  const { userId, amount } = application;
  const params = noticeParams(offer, application.lots, amount);
  await advance(trx, { kind: 'block_order', id: application.id, userId }, 'held', 'void', {
    nowMs,
    set: { lots_won: 0, closed_at: nowMs },
    journal: {
      kind: 'block_release',
      ...journalMemo('block_release', params),
      actor: ACTOR,
      reference: `block_order:${application.id}`,
      postings: blockReleasePostings(userId, offer.currency, amount),
    },
    inbox: { kind: 'block_lost', params },
    record: (write) =>
      recordDrawn(deps, write, application, {
        ...{ kind: 'block_lost', released: params.amount, lotsWon: 0 },
      }),
  });
}

/** A winner keeps the cost of the lots won on hold; the rest goes back to cash. */
async function writeWinner(
  deps: BlockDrawDeps,
  trx: WriteTrx,
  offer: BlockOffer,
  application: BlockOrder,
  draw: { lotsWon: number; nowMs: number },
) {
  const { userId } = application;
  const kept = purchaseCost(offer.market, offer.price, offer.lot, draw.lotsWon);
  const released = application.amount - kept;
  await keepWon(trx, application.id, { lots: draw.lotsWon, amount: kept });
  const params = noticeParams(offer, draw.lotsWon, released);
  if (released > 0n) {
    await postJournal(
      trx,
      {
        kind: 'block_release',
        ...journalMemo('block_release', { ...params, lots: application.lots - draw.lotsWon }),
        actor: ACTOR,
        reference: `block_order:${application.id}`,
        postings: blockReleasePostings(userId, offer.currency, released),
      },
      draw.nowMs,
    );
  }
  await insertInboxMessage(trx, { userId, kind: 'block_won', params, nowMs: draw.nowMs });
  await recordDrawn(deps, trx, application, {
    ...{ kind: 'block_won', released: params.amount, lotsWon: draw.lotsWon },
  });
}

/**
 * The whole result in one transaction with the beacon: each application's lots won (a block
 * offer's list is small: thousands, not millions); the draw stored once (`drawn_at`), so a rerun
 * finds it drawn and writes nothing.
 */
async function writeResult(
  deps: BlockDrawDeps,
  offer: BlockOffer,
  beacon: { value: string; round: number | null; signature: string | null },
): Promise<OrderedDraw | null> {
  const secrets = await offerSecrets(deps.db, offer.id, deps.secrets);
  if (!secrets) throw new Error(`block offer ${offer.id}: lottery without secrets`);
  return writeTransaction(deps.db, async (trx) => {
    const applications = await applicationsOf(trx, offer.id);
    const drawn = drawOrdered({
      entries: entriesOf(applications),
      ...{ lotsOffered: offer.lotsTotal, maxLots: offer.maxLots },
      ...{ seed: secrets.seed, beacon: beacon.value, sha256: nodeSha256 },
    });
    if (drawn.listHash !== offer.lottery.listHash) {
      throw new Error(`block offer ${offer.id}: the frozen list changed`);
    }
    const nowMs = deps.clock.nowMs();
    const record = {
      ...{ beacon: beacon.value, beaconRound: beacon.round, beaconSignature: beacon.signature },
      drawSeed: drawn.drawSeed,
      lotsLeft: offer.lotsTotal - drawn.lotsWon.reduce((sum, won) => sum + won, 0),
    };
    if (!(await storeDraw(trx, offer.id, record, nowMs))) return null;
    for (const [k, application] of applications.entries()) {
      const lotsWon = drawn.lotsWon[k]!;
      if (lotsWon === 0) await writeLoser(deps, trx, offer, application, nowMs);
      else await writeWinner(deps, trx, offer, application, { lotsWon, nowMs });
    }
    return drawn;
  });
}

/**
 * Draws one lottery offer whose window has ended (DESIGN.md §8): freezes its list and publishes
 * the hash, takes the beacon first published after the freeze, then writes every application's
 * result, its hold cut to the lots won, and its inbox message. Whether it drew.
 */
export async function drawOffer(deps: BlockDrawDeps, offer: BlockOffer): Promise<boolean> {
  const frozen = await freezeList(deps, offer);
  const beacon = await deps
    .beaconFor(frozen.lottery.beaconKind)
    .after(frozen.lottery.listFrozenAt!);
  const drawn = await writeResult(deps, frozen, beacon);
  if (drawn) deps.logger?.info({ offer: offer.id, entries: drawn.tickets.length }, 'block drawn');
  return drawn !== null;
}

/** Every lottery offer due for its draw and not drawn yet. */
export async function drawDueOffers(deps: BlockDrawDeps): Promise<number> {
  let drawn = 0;
  for (const offer of await offersDueForDraw(deps.db, deps.clock.nowMs())) {
    if (await drawOffer(deps, offer)) drawn++;
  }
  return drawn;
}
