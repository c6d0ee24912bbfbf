import { Refusal } from '@kabuto/schema/contracts';
import { contractOf, defineUserCall, type CallDefinition } from '../../http/call.ts';
import { productsWiring } from '@kabuto/schema/modules/products/wiring.ts';
import { productDetail, productList, userProductList } from './product-query.service.ts';
import { followProduct } from './follow.service.ts';
import { redeemProduct } from './redeem.service.ts';

export const productListCall = defineUserCall({
  ...contractOf(productsWiring.calls, 'product/list'),
  summary:
    'Copy-trading products: the last NAV, the historical average daily return (past results, not a promise), the maximum drawdown, the terms',
  async handle({ deps }) {
    return { msg: 'ok', data: await productList(deps.db, deps.clock.nowMs()) };
  },
});

export const productDetailCall = defineUserCall({
  ...contractOf(productsWiring.calls, 'product/detail'),
  summary:
    'One product with its NAV history from its first day, and the caller’s cash in its currency',
  async handle({ input, caller, deps }) {
    const nowMs = deps.clock.nowMs();
    return { msg: 'ok', data: await productDetail(deps.db, caller.userId, input.id, nowMs) };
  },
});

export const productFollowCall = defineUserCall({
  ...contractOf(productsWiring.calls, 'product/follow'),
  summary:
    'Follows a product with a whole amount: cash to hold:product (journal product_follow) until the next NAV issues the units; refusals product_unavailable, follow_deadline_passed, product_min_amount, available_insufficient change nothing',
  async handle({ input, caller, deps }) {
    // A barred account may look, not buy (the same refusal as an order).
    if (caller.tradingBarred) throw new Refusal('trading_barred');
    const followed = await followProduct(deps, caller.userId, input);
    return { msg: 'follow_ok', data: followed.result };
  },
});

export const productRedeemCall = defineUserCall({
  ...contractOf(productsWiring.calls, 'product/redeem'),
  summary:
    'Redeems an order after its lock-up: valued at the next NAV and paid the next business day; lockup_active, order_not_holding change nothing',
  async handle({ input, caller, deps }) {
    const redeemed = await redeemProduct(deps, caller.userId, input);
    return { msg: 'redeem_ok', data: redeemed.result };
  },
});

export const userProductListCall = defineUserCall({
  ...contractOf(productsWiring.calls, 'trade/userproductlist'),
  summary:
    'The caller’s product orders in the spec’s shape (status 0 pending, 1 following, 2 ended; money), with units, value, daily and total profit at the last NAV and the lock-up end',
  async handle({ input, caller, deps }) {
    const data = await userProductList(deps.db, caller.userId, input.type, deps.clock.nowMs());
    return { msg: 'ok', data };
  },
});

export const PRODUCT_CALLS: readonly CallDefinition[] = [
  productListCall,
  productDetailCall,
  productFollowCall,
  productRedeemCall,
  userProductListCall,
];
