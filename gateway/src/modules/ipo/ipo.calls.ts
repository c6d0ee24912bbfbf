import { Refusal } from '@kabuto/schema/contracts';
import { contractOf, defineUserCall, type CallDefinition } from '../../http/call.ts';
import { ipoWiring } from '@kabuto/schema/modules/ipo/wiring.ts';
import { listingDetail, listingProof, listListings, newStockList } from './ipo-query.service.ts';
import { paySubscription, waiveSubscription } from './payment.service.ts';
import { subscribe } from './subscribe.service.ts';

export const ipoListCall = defineUserCall({
  ...contractOf(ipoWiring.calls, 'ipo/list'),
  summary:
    'New-share listings by phase (upcoming, open, closed or all, by the server clock), names in the caller’s language',
  async handle({ input, deps }) {
    const nowMs = deps.clock.nowMs();
    return { msg: 'ok', data: await listListings(deps.db, input.status, input.lang, nowMs) };
  },
});

export const ipoDetailCall = defineUserCall({
  ...contractOf(ipoWiring.calls, 'ipo/detail'),
  summary:
    'One listing with the spec’s new-share fields (cap, premium spread, applicants, allotment rate once drawn), the list hash and freeze time once the list is frozen at the close, and the caller’s own subscription',
  async handle({ input, caller, deps }) {
    const nowMs = deps.clock.nowMs();
    return { msg: 'ok', data: await listingDetail(deps.db, caller.userId, input, nowMs) };
  },
});

export const ipoSubscribeCall = defineUserCall({
  ...contractOf(ipoWiring.calls, 'ipo/subscribe'),
  summary:
    'Applies for lots of a listing inside its window, once per listing (new_share_once); holds nothing',
  async handle({ input, caller, deps }) {
    // A barred account may look, not buy (the same refusal as an order).
    if (caller.tradingBarred) throw new Refusal('trading_barred');
    const applied = await subscribe(deps, caller.userId, input);
    return { msg: 'subscribe_ok', data: applied.result };
  },
});

export const ipoPayCall = defineUserCall({
  ...contractOf(ipoWiring.calls, 'ipo/pay'),
  summary:
    'Pays a won subscription from cash before the deadline (cash → hold:ipo, journal ipo_payment); short of cash in the listing’s currency it answers balance_insufficient with data {currency, amount_due, cash}',
  async handle({ input, caller, deps }) {
    // A barred account may look, not buy (the same refusal as an order).
    if (caller.tradingBarred) throw new Refusal('trading_barred');
    const paid = await paySubscription(deps, caller.userId, input);
    return { msg: 'payment_ok', data: paid.result };
  },
});

export const ipoWaiveCall = defineUserCall({
  ...contractOf(ipoWiring.calls, 'ipo/waive'),
  summary: 'Declines a won subscription before the deadline; nothing is posted',
  async handle({ input, caller, deps }) {
    return { msg: 'ok', data: await waiveSubscription(deps, caller.userId, input.subscription_id) };
  },
});

export const ipoProofCall = defineUserCall({
  ...contractOf(ipoWiring.calls, 'ipo/proof'),
  summary:
    'The published draw once drawn: seed, commitment, list hash and when it was frozen, beacon (first round after the freeze), list in ticket order and result (DESIGN.md §8)',
  async handle({ input, deps }) {
    return { msg: 'ok', data: await listingProof(deps, input.id) };
  },
});

export const newStockListCall = defineUserCall({
  ...contractOf(ipoWiring.calls, 'trade/usernewstocklist'),
  summary:
    'The caller’s subscriptions in the spec shape: status 1 active / 0 closed, state, rjmoney = amount due or “-”',
  async handle({ input, caller, deps }) {
    return { msg: 'ok', data: await newStockList(deps.db, caller.userId, input.lang) };
  },
});

export const IPO_CALLS: readonly CallDefinition[] = [
  ipoListCall,
  ipoDetailCall,
  ipoSubscribeCall,
  ipoPayCall,
  ipoWaiveCall,
  ipoProofCall,
  newStockListCall,
];
