import { MARKETS, type Market } from '../../../domain/market/rules.ts';
import { stockInstrument, type Instrument } from '../../../domain/market/instruments.ts';

/** What a listing carries that its instrument needs. */
export interface ListingForInstrument {
  readonly symbol: string;
  readonly market: string;
  readonly board: string;
  readonly name_ja: string;
  readonly name_en: string;
  readonly name_zh: string;
  /** The offer (subscription) price, scaled like the market's prices. */
  readonly price: bigint;
}

/**
 * A listed new share as an instrument: its tick table, price limits, lots and leverage from its
 * market's and board's rules (like any catalogue stock of that board), its reference price the
 * offer price, so it starts ticking from there. Null when the market or board is not one we have.
 */
export function instrumentFromListing(listing: ListingForInstrument): Instrument | null {
  if (!(MARKETS as readonly string[]).includes(listing.market)) return null;
  return stockInstrument(
    listing.market as Market,
    listing.board,
    listing.symbol,
    { ja: listing.name_ja, en: listing.name_en, zh: listing.name_zh },
    listing.price,
  );
}
