import { contractOf, defineAdminCall, type CallDefinition } from '../../http/call.ts';
import { ipoWiring } from '@kabuto/schema/modules/ipo/wiring.ts';
import { allListings } from '@kabuto/schema/db';
import { createListing, listingSubscriptions, updateListing } from './listing-admin.service.ts';
import { adminListingToWire } from './ipo-wire.ts';

export const adminIpoListCall = defineAdminCall({
  power: 'see',
  ...contractOf(ipoWiring.adminCalls, 'ipo/list'),
  summary:
    'Every listing, whatever its phase, with the terms ipo/update takes back (board, names in each language, prices, underwriter)',
  async handle({ deps }) {
    const nowMs = deps.clock.nowMs();
    const listings = await allListings(deps.db);
    return { msg: 'ok', data: listings.map((l) => adminListingToWire(l, nowMs)) };
  },
});

export const adminIpoCreateCall = defineAdminCall({
  power: 'listings',
  ...contractOf(ipoWiring.adminCalls, 'ipo/create'),
  summary:
    'Creates a new-share listing (board of its market, offer price on the tick grid, dates in order, a free symbol) with a fresh committed seed; audited; schedules its draw, forfeit and listing',
  async handle({ input, admin, deps }) {
    return { msg: 'add_ok', data: await createListing(deps, admin, input) };
  },
});

export const adminIpoUpdateCall = defineAdminCall({
  power: 'listings',
  ...contractOf(ipoWiring.adminCalls, 'ipo/update'),
  summary:
    'Edits a listing’s terms before its window opens (listing_already_open after); audited; the seed never changes',
  async handle({ input, admin, deps }) {
    return { msg: 'modify_ok', data: await updateListing(deps, admin, input) };
  },
});

export const adminIpoSubscriptionsCall = defineAdminCall({
  power: 'see',
  ...contractOf(ipoWiring.adminCalls, 'ipo/subscriptions'),
  summary:
    'A listing’s subscriptions in ticket order with their results; no call picks, edits or re-runs winners',
  async handle({ input, deps }) {
    return { msg: 'ok', data: await listingSubscriptions(deps, input.id) };
  },
});

export const IPO_ADMIN_CALLS: readonly CallDefinition[] = [
  adminIpoListCall,
  adminIpoCreateCall,
  adminIpoUpdateCall,
  adminIpoSubscriptionsCall,
];
