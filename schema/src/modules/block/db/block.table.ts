import type { Selectable } from 'kysely';
import type { HoldStatus } from '../../../domain/holds/hold-lifecycle.ts';
import type { Id, Int, LifecycleStatus } from '../../../db/column-types.ts';

/**
 * One block offer (立会外分売). Prices are scaled like the market's instrument prices
 * (`parseScaledPrice`); times are epoch ms. `key_hash` is the placement key's SHA-256 (hex), or null
 * when anyone may buy.
 */
export interface BlockOfferTable {
  id: Id;
  symbol: string;
  market: string;
  currency: string;
  price: Int;
  /** The previous close the discount was checked against at creation. */
  prev_close: Int;
  /** Shares per lot. */
  lot: Int;
  lots_total: Int;
  /** Taken only by a conditional update (`lots_left >= lots`). */
  lots_left: Int;
  min_lots: Int;
  max_lots: Int;
  /** first_come | lottery */
  rule: string;
  key_hash: string | null;
  opens_at: Int;
  closes_at: Int;
  /** When the purchases become holdings. */
  settles_at: Int;
  /** When the back office closed it early (before `closes_at`), if it did. */
  closed_at: Int | null;
  settled_at: Int | null;
  created_by: Int | null;
  created_at: Int;
  updated_at: Int;
  /**
   * The draw's secrets and record (DESIGN.md §8), made for every offer since lottery offers
   * exist (a rule may change before opening). `seed` and `listing_key` are stored sealed
   * (`SecretBox`, `v1.…`); `seed_commitment` is the hash of the plain seed.
   */
  seed: string | null;
  seed_commitment: string | null;
  listing_key: string | null;
  /** local | drand */
  beacon_kind: string | null;
  list_hash: string | null;
  list_frozen_at: Int | null;
  beacon: string | null;
  beacon_round: Int | null;
  beacon_signature: string | null;
  draw_seed: string | null;
  drawn_at: Int | null;
}

/** One purchase: its cost held on `hold:block` until settlement (`HOLD_LIFECYCLES.block_order`). */
export interface BlockOrderTable {
  id: Id;
  offer_id: Int;
  user_id: Int;
  lots: Int;
  /** Minor units of the offer's currency: lots × lot × price. */
  amount: Int;
  /** held | settled | void */
  status: LifecycleStatus<HoldStatus<'block_order'>>;
  request_id: string;
  hold_journal_id: Int | null;
  settle_journal_id: Int | null;
  position_id: Int | null;
  created_at: Int;
  closed_at: Int | null;
  /** Lottery offers only: the pseudonymous ticket, lots applied for, and lots won once drawn. */
  ticket: string | null;
  lots_applied: Int | null;
  lots_won: Int | null;
}

export interface BlockTables {
  block_offer: BlockOfferTable;
  block_order: BlockOrderTable;
}

export type BlockOfferRow = Selectable<BlockOfferTable>;
export type BlockOrderRow = Selectable<BlockOrderTable>;
