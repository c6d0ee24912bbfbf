import type { Db } from '../../../db/create-db.ts';
import { installOperatorCalendar, type OperatorCalendar } from '../../../domain/market/holidays.ts';

type Market = 'US' | 'JP' | 'CN';

/** How often each process reloads the calendars staff entered (a change is announced at once too). */
export const OPERATOR_CALENDAR_REFRESH_MS = 60_000;

export async function loadOperatorCalendar(db: Db): Promise<OperatorCalendar> {
  const [closures, enteredYears] = await Promise.all([
    db.selectFrom('exchange_closure').select(['market', 'date']).execute(),
    db.selectFrom('exchange_calendar_year').select(['market', 'year']).execute(),
  ]);
  return {
    closures: closures.map((c) => ({ market: c.market as Market, date: c.date })),
    enteredYears: enteredYears.map((y) => ({ market: y.market as Market, year: Number(y.year) })),
  };
}

export interface EnteredYear {
  readonly market: Market;
  readonly year: number;
  readonly source: string;
  readonly enteredBy: string;
  readonly enteredAt: number;
  readonly closures: readonly string[];
}

/** Every year staff entered, newest first, with its closures and who entered it. */
export async function listEnteredYears(db: Db): Promise<EnteredYear[]> {
  const years = await db
    .selectFrom('exchange_calendar_year')
    .innerJoin('admin_user', 'admin_user.id', 'exchange_calendar_year.entered_by')
    .select(['market', 'year', 'source', 'admin_user.login', 'entered_at'])
    .orderBy('year', 'desc')
    .orderBy('market')
    .execute();
  const closures = await db
    .selectFrom('exchange_closure')
    .select(['market', 'date'])
    .orderBy('date')
    .execute();
  return years.map((y) => ({
    market: y.market as Market,
    year: Number(y.year),
    source: y.source,
    enteredBy: y.login,
    enteredAt: Number(y.entered_at),
    closures: closures
      .filter((c) => c.market === y.market && c.date.startsWith(`${y.year}-`))
      .map((c) => c.date),
  }));
}

/** The closures staff entered for a market's year, in date order. */
export async function closuresEntered(db: Db, market: string, year: number): Promise<string[]> {
  const rows = await db
    .selectFrom('exchange_closure')
    .select('date')
    .where('market', '=', market)
    .where('date', '>=', `${year}-01-01`)
    .where('date', '<=', `${year}-12-31`)
    .orderBy('date')
    .execute();
  return rows.map((row) => row.date);
}

/** Replaces a market's closures of one year with `dates` and records the year as entered. */
export async function replaceYear(
  trx: Db,
  entry: { market: Market; year: number; dates: readonly string[]; source: string },
  by: { adminId: number; nowMs: number },
): Promise<void> {
  await trx
    .deleteFrom('exchange_closure')
    .where('market', '=', entry.market)
    .where('date', '>=', `${entry.year}-01-01`)
    .where('date', '<=', `${entry.year}-12-31`)
    .execute();
  if (entry.dates.length > 0) {
    await trx
      .insertInto('exchange_closure')
      .values(entry.dates.map((date) => ({ market: entry.market, date })))
      .execute();
  }
  const year = {
    source: entry.source,
    entered_by: BigInt(by.adminId),
    entered_at: by.nowMs,
  };
  await trx
    .insertInto('exchange_calendar_year')
    .values({ market: entry.market, year: entry.year, ...year })
    .onConflict((oc) => oc.columns(['market', 'year']).doUpdateSet(year))
    .execute();
}

/**
 * Keeps this process's calendars as staff entered them: loads them now, then every
 * `OPERATOR_CALENDAR_REFRESH_MS`, and whenever `refresh` is called (the console's announcement).
 * A failed load keeps the last calendars (and reports it). `afterLoad` runs after each load.
 */
export async function keepOperatorCalendarFresh(
  db: Db,
  options: { onError: (error: unknown) => void; afterLoad?: () => void; everyMs?: number },
): Promise<{ stop(): void; refresh(): Promise<void> }> {
  const load = async () => {
    installOperatorCalendar(await loadOperatorCalendar(db));
    options.afterLoad?.();
  };
  const refresh = () => load().catch(options.onError);
  await refresh();
  const timer = setInterval(() => void refresh(), options.everyMs ?? OPERATOR_CALENDAR_REFRESH_MS);
  timer.unref();
  return { stop: () => clearInterval(timer), refresh };
}
