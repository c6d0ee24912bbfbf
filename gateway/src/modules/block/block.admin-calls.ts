import { contractOf, defineAdminCall, type CallDefinition } from '../../http/call.ts';
import { blockWiring } from '@kabuto/schema/modules/block/wiring.ts';
import { adminBlockOffers } from './block-query.service.ts';
import { closeOfferNow, createOffer, updateOffer } from './offer-admin.service.ts';

export const adminBlockListCall = defineAdminCall({
  power: 'see',
  ...contractOf(blockWiring.adminCalls, 'block/list'),
  summary: 'Every block offer with its lots sold and buyers',
  async handle({ deps }) {
    return { msg: 'ok', data: await adminBlockOffers(deps.db, deps.clock.nowMs()) };
  },
});

export const adminBlockCreateCall = defineAdminCall({
  power: 'listings',
  ...contractOf(blockWiring.adminCalls, 'block/create'),
  summary:
    'Lists a block offer: a stock, the price below the previous close, not below the daily lower limit and on tick; lots, window, settlement, an optional placement key (stored hashed); audited',
  async handle({ input, admin, deps }) {
    return { msg: 'add_ok', data: await createOffer(deps, admin, input) };
  },
});

export const adminBlockUpdateCall = defineAdminCall({
  power: 'listings',
  ...contractOf(blockWiring.adminCalls, 'block/update'),
  summary: 'Edits an offer’s terms before it opens (block_trade_closed after); audited',
  async handle({ input, admin, deps }) {
    return { msg: 'modify_ok', data: await updateOffer(deps, admin, input) };
  },
});

export const adminBlockCloseCall = defineAdminCall({
  power: 'listings',
  ...contractOf(blockWiring.adminCalls, 'block/close'),
  summary: 'Closes an offer’s window now (block_trade_closed if it already ended); audited',
  async handle({ input, admin, deps }) {
    return { msg: 'ok', data: await closeOfferNow(deps, admin, input.id) };
  },
});

export const BLOCK_ADMIN_CALLS: readonly CallDefinition[] = [
  adminBlockListCall,
  adminBlockCreateCall,
  adminBlockUpdateCall,
  adminBlockCloseCall,
];
