import type { Selectable } from 'kysely';
import type { HoldStatus } from '../../../domain/holds/hold-lifecycle.ts';
import type { Id, Int, LifecycleStatus } from '../../../db/column-types.ts';

/**
 * One new-share listing. Prices are scaled like the market's instrument prices
 * (`parseScaledPrice`); times are epoch ms. `seed` and `listing_key` stay secret until the draw
 * publishes the seed (the key never leaves the server: it only makes tickets pseudonymous), and
 * both are stored sealed (`SecretBox`, `v1.…`); `seed_commitment` is the hash of the plain seed.
 */
export interface IpoListingTable {
  id: Id;
  symbol: string;
  market: string;
  board: string;
  currency: string;
  name_ja: string;
  name_en: string;
  name_zh: string;
  /** The subscription (offer) price. */
  price: Int;
  /** A reference market price before listing (the spec's "market price"), if known. */
  market_price: Int | null;
  underwriting_price: Int;
  /** Shares per lot. */
  lot: Int;
  min_lots: Int;
  max_lots: Int;
  lots_offered: Int;
  /** Shares issued in all (the spec's issue volume), of which `lots_offered × lot` go to this lottery. */
  issue_volume: Int;
  /** Price-earnings ratio as the prospectus states it, when known. */
  per: string | null;
  lead_underwriter: string;
  subscribe_start: Int;
  subscribe_end: Int;
  draw_at: Int;
  pay_deadline: Int;
  listing_at: Int;
  /** Sealed (`SecretBox`): opened only by the draw and, once drawn, the proof. */
  seed: string;
  seed_commitment: string;
  /** Sealed (`SecretBox`): opened only to write a ticket. */
  listing_key: string;
  /** local | drand */
  beacon_kind: string;
  /** Set once, by the freeze at the close (or by the draw if the freeze had not run); never changed. */
  list_hash: string | null;
  applicants: Int | null;
  lots_applied: Int | null;
  /** When the list hash was stored and published (epoch ms); the beacon is the first round after it. */
  list_frozen_at: Int | null;
  beacon: string | null;
  beacon_round: Int | null;
  beacon_signature: string | null;
  draw_seed: string | null;
  /** When every result was written and announced. */
  drawn_at: Int | null;
  /** When the unpaid winners were forfeited at the deadline. */
  forfeited_at: Int | null;
  /** When the paid lots became holdings. */
  listed_at: Int | null;
  created_by: Int | null;
  created_at: Int;
  updated_at: Int;
}

/**
 * One user's application for one listing (at most one: `ipo_subscription_once`). `ticket` is the
 * lottery's pseudonym for it. Status follows `HOLD_LIFECYCLES.ipo_subscription`.
 */
export interface IpoSubscriptionTable {
  id: Id;
  listing_id: Int;
  user_id: Int;
  lots: Int;
  ticket: string;
  /** applied | won | lost | paid | waived | forfeited | listed */
  status: LifecycleStatus<HoldStatus<'ipo_subscription'>>;
  lots_won: Int | null;
  /** Minor units of the listing's currency; set for a win. */
  amount_due: Int | null;
  request_id: string;
  pay_journal_id: Int | null;
  list_journal_id: Int | null;
  position_id: Int | null;
  created_at: Int;
  drawn_at: Int | null;
  paid_at: Int | null;
  closed_at: Int | null;
}

/** The new-shares module's tables. */
export interface IpoTables {
  ipo_listing: IpoListingTable;
  ipo_subscription: IpoSubscriptionTable;
}

export type IpoListingRow = Selectable<IpoListingTable>;
export type IpoSubscriptionRow = Selectable<IpoSubscriptionTable>;
