import { Refusal } from '@kabuto/schema/contracts';
import { contractOf, defineUserCall, type CallDefinition } from '../../http/call.ts';
import { blockWiring } from '@kabuto/schema/modules/block/wiring.ts';
import type { BlockOffer } from '@kabuto/schema/modules/block/db/offers.repository.ts';
import {
  blockOfferDetail,
  blockOrdersOf,
  blockProof,
  listBlockOffers,
} from './block-query.service.ts';
import { buyBlock } from './buy.service.ts';

export const blockListCall = defineUserCall({
  ...contractOf(blockWiring.calls, 'block/list'),
  summary: 'Block offers (立会外分売) by phase (open, upcoming or all, by the server clock)',
  async handle({ input, deps }) {
    const nowMs = deps.clock.nowMs();
    return { msg: 'ok', data: await listBlockOffers(deps.db, input.status, input.lang, nowMs) };
  },
});

export const blockDetailCall = defineUserCall({
  ...contractOf(blockWiring.calls, 'block/detail'),
  summary:
    'One block offer with the discount to the live price and to the previous close, the lots left, and the caller’s lots on it',
  async handle({ input, caller, deps }) {
    return { msg: 'ok', data: await blockOfferDetail(deps, caller.userId, input) };
  },
});

export const blockBuyCall = defineUserCall({
  ...contractOf(blockWiring.calls, 'block/buy'),
  summary:
    'Buys lots of a first-come block offer, or applies for a lottery offer’s draw (one application per buyer; subscribe_ok), in its window (placement_ok for an offer with a placement key, purchase_ok otherwise) (key when it needs one): the cost moves from cash to hold:block (journal block_hold); refusals block_trade_closed, min_lots, quota_insufficient, key_mismatch, cannot_buy, available_insufficient change nothing',
  async handle({ input, caller, deps }) {
    // A barred account may look, not buy (the same refusal as an order).
    if (caller.tradingBarred) throw new Refusal('trading_barred');
    const bought = await buyBlock(deps, caller.userId, input);
    return { msg: successOf(bought.offer), data: bought.result };
  },
});

/**
 * The spec's success message: a lottery application is a subscription, a purchase with the
 * placement key of an invited offer a placement, any other a purchase.
 */
function successOf(offer: BlockOffer): 'subscribe_ok' | 'placement_ok' | 'purchase_ok' {
  if (offer.rule === 'lottery') return 'subscribe_ok';
  return offer.keyHash === null ? 'purchase_ok' : 'placement_ok';
}

export const blockProofCall = defineUserCall({
  ...contractOf(blockWiring.calls, 'block/proof'),
  summary:
    'A lottery offer’s published draw once drawn (allotment_not_drawn before): seed, commitment, list hash and when it was frozen, beacon, list in ticket order and result, as ipo/proof (DESIGN.md §8)',
  async handle({ input, deps }) {
    return { msg: 'ok', data: await blockProof(deps, input.id) };
  },
});

export const blockOrdersCall = defineUserCall({
  ...contractOf(blockWiring.calls, 'block/orders'),
  summary: 'The caller’s block purchases, newest first',
  async handle({ input, caller, deps }) {
    return { msg: 'ok', data: await blockOrdersOf(deps.db, caller.userId, input.lang) };
  },
});

export const BLOCK_CALLS: readonly CallDefinition[] = [
  blockListCall,
  blockDetailCall,
  blockBuyCall,
  blockOrdersCall,
  blockProofCall,
];
