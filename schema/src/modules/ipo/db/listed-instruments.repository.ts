import { setListedInstruments, type Instrument } from '../../../domain/market/instruments.ts';
import { instrumentFromListing } from '../domain/listing-instrument.ts';
import type { Db } from '../../../db/create-db.ts';

/** How often each process reloads the listed new shares (a listing becomes tradable within this). */
export const LISTED_INSTRUMENTS_REFRESH_MS = 30_000;

/** The new shares listed by `nowMs` (their listing time reached) as instruments. */
export async function loadListedInstruments(db: Db, nowMs: number): Promise<Instrument[]> {
  const rows = await db
    .selectFrom('ipo_listing')
    .select(['symbol', 'market', 'board', 'name_ja', 'name_en', 'name_zh', 'price'])
    .where('listing_at', '<=', BigInt(nowMs))
    .orderBy('id')
    .execute();
  return rows.flatMap((row) => instrumentFromListing(row) ?? []);
}

/**
 * Keeps `findInstrument` aware of listed new shares: loads them now, then every
 * `LISTED_INSTRUMENTS_REFRESH_MS`, and whenever the caller calls `refresh` (the list step's
 * announcement on `listedInstrumentsChannel`). A failed refresh keeps the last set (and reports
 * it).
 */
export async function keepListedInstrumentsFresh(
  db: Db,
  nowMs: () => number,
  onError: (error: unknown) => void,
  everyMs = LISTED_INSTRUMENTS_REFRESH_MS,
): Promise<{ stop(): void; refresh(): Promise<void> }> {
  const load = async () => setListedInstruments(await loadListedInstruments(db, nowMs()));
  const refresh = () => load().catch(onError);
  await refresh();
  const timer = setInterval(() => void refresh(), everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer), refresh };
}
