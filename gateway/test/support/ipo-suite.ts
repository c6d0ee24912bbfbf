import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { amountDue } from '@kabuto/schema/ipo';
import { drawLottery, listHash } from '@kabuto/schema/lottery';
import type { Market } from '@kabuto/schema/market';
import { reviewer } from './funds-helpers.ts';
import {
  registerAndLogin,
  startTestGateway,
  type Session,
  type TestGateway,
} from './test-gateway.ts';
import { putInStatus } from '@kabuto/schema/testing';

// The new-share test files share one shape: a gateway whose clock the test moves, a back-office
// user who creates listings, and the draw written straight to the tables (the workers own the
// real draw job; here the published result comes from the same pure lottery).
export let t: TestGateway;
export let admin: Awaited<ReturnType<typeof reviewer>>;
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
let start = Date.now();
let offsetMs = 0;
/** The gateway's clock: the wall clock moved by what the test asked. */
export const now = () => start + offsetMs;
export function setNow(ms: number): void {
  offsetMs = ms - start;
}

let ids = 0;
export const requestId = () => `ipo-req-${String((ids += 1)).padStart(6, '0')}`;
export const db = () => t.testDb.db;

export function useIpoGateway(): void {
  beforeAll(async () => {
    // Each file's clock starts at the wall clock (a worker runs many files in one module graph).
    start = Date.now();
    t = await startTestGateway({ KABUTO_CLOCK: 'always-open' }, { nowMs: now });
    admin = await reviewer(t);
  }, 60_000);
  // Each test starts at the wall clock (sessions and listings are made then) and moves it.
  beforeEach(() => {
    offsetMs = 0;
  });
  afterAll(async () => {
    await t.close();
  });
}

let symbols = 0;
/** A JP listing's terms: window opens in an hour for a day, draw, deadline and listing after it. */
export function jpTerms(overrides: Record<string, string> = {}): Record<string, string> {
  symbols += 1;
  const open = now() + HOUR;
  return {
    symbol: `${100 + symbols}A`,
    market: 'JP',
    board: 'tse_growth',
    name_ja: 'テスト工業',
    name_en: 'Test Industries',
    name_zh: '测试工业',
    price: '1500',
    market_price: '1800',
    underwriting_price: '1380',
    lot: '100',
    min_lots: '1',
    max_lots: '5',
    lots_offered: '3',
    issue_volume: '1000000',
    per: '18.2',
    lead_underwriter: 'SMBC Nikko',
    subscribe_start: String(open),
    subscribe_end: String(open + 24 * HOUR),
    draw_at: String(open + 25 * HOUR),
    pay_deadline: String(open + 49 * HOUR),
    listing_at: String(open + 73 * HOUR),
    ...overrides,
  };
}

/** Creates a listing through the back office (the clock back at the wall clock); its id and terms. */
export async function createListing(overrides: Record<string, string> = {}) {
  offsetMs = 0;
  const terms = jpTerms(overrides);
  const created = await admin.call('ipo/create', terms);
  expect(created.body.msg).toBe('add_ok');
  return { id: String(created.body.data.id), terms };
}

/** Moves the clock into a listing's window. */
export const openWindow = (terms: Record<string, string>) =>
  setNow(Number(terms['subscribe_start']) + MINUTE);

export async function user(): Promise<Session> {
  return registerAndLogin(t);
}

export async function userIdOf(s: Session): Promise<number> {
  const row = await db()
    .selectFrom('app_user')
    .select('id')
    .where('account', '=', s.account)
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The paper grant: a visible ledger credit of `amount` (yen unless another currency is named). */
export async function fund(s: Session, amount: string, currency = 'jpy'): Promise<void> {
  const name = `paper_grant_${currency}`;
  await db().deleteFrom('config_entry').where('name', '=', name).execute();
  await db().insertInto('config_entry').values({ name, value: amount }).execute();
  const granted = await t.call('user/paperfund', { currency, request_id: requestId() }, s);
  expect(granted.body.msg).toBe('claim_ok');
}

export async function balance(s: Session, kind: string, currency = 'JPY'): Promise<bigint> {
  const row = await db()
    .selectFrom('ledger_account')
    .select('balance')
    .where('owner_key', '=', `u:${await userIdOf(s)}`)
    .where('kind', '=', kind)
    .where('currency', '=', currency)
    .executeTakeFirst();
  return row?.balance ?? 0n;
}

const countOf = async (table: 'journal' | 'ipo_subscription' | 'audit_log') =>
  Number(
    (
      await db()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Everything a refusal must leave alone: rows, the user's balances, events, audit. */
export async function state(s?: Session) {
  const subscriptions = await db()
    .selectFrom('ipo_subscription')
    .select(['id', 'status', 'lots', 'ticket', 'lots_won', 'amount_due', 'pay_journal_id'])
    .orderBy('id')
    .execute();
  const listings = await db().selectFrom('ipo_listing').selectAll().orderBy('id').execute();
  return {
    counts: await Promise.all((['journal', 'ipo_subscription', 'audit_log'] as const).map(countOf)),
    /** Account events announced so far (each user's last seq, summed). */
    events: Number(
      (
        await db()
          .selectFrom('account_event_seq')
          .select((eb) => eb.fn.sum<string | number | bigint>('last_seq').as('n'))
          .executeTakeFirstOrThrow()
      ).n ?? 0,
    ),
    subscriptions,
    listings,
    cash: s ? [await balance(s, 'cash'), await balance(s, 'hold:ipo')] : [],
  };
}

/**
 * What the workers' freeze step publishes at the close, written straight to the tables: the list
 * hash of the listing's subscriptions, its totals and `list_frozen_at`.
 */
export async function writeFreeze(listingId: string, frozenAtMs = now()): Promise<string> {
  const subs = await db()
    .selectFrom('ipo_subscription')
    .select(['ticket', 'lots'])
    .where('listing_id', '=', BigInt(listingId))
    .execute();
  const entries = subs.map((s) => ({ ticket: s.ticket, lots: Number(s.lots) }));
  const hash = listHash(entries);
  await db()
    .updateTable('ipo_listing')
    .set({
      list_hash: hash,
      applicants: entries.length,
      lots_applied: entries.reduce((sum, e) => sum + e.lots, 0),
      list_frozen_at: frozenAtMs,
    })
    .where('id', '=', BigInt(listingId))
    .execute();
  return hash;
}

/**
 * The draw's published result written straight to the tables, from the real pure lottery over
 * the listing's subscriptions (the workers' draw job owns this in the product). `beacon` fixed.
 */
export async function writeDraw(listingId: string, drawnAtMs = now()): Promise<void> {
  const listing = await db()
    .selectFrom('ipo_listing')
    .selectAll()
    .where('id', '=', BigInt(listingId))
    .executeTakeFirstOrThrow();
  const subs = await db()
    .selectFrom('ipo_subscription')
    .selectAll()
    .where('listing_id', '=', listing.id)
    .execute();
  const beacon = 'ab'.repeat(32);
  const outcome = drawLottery({
    entries: subs.map((s) => ({ ticket: s.ticket, lots: Number(s.lots) })),
    lotsOffered: Number(listing.lots_offered),
    maxLots: Number(listing.max_lots),
    seed: t.gateway.deps.secrets.open(listing.seed),
    beacon,
  });
  const won = new Map(outcome.result.map((r) => [r.ticket, r.lotsWon]));
  for (const sub of subs) {
    const lotsWon = won.get(sub.ticket) ?? 0;
    await putInStatus(db(), 'ipo_subscription', sub.id, lotsWon > 0 ? 'won' : 'lost', {
      lots_won: lotsWon,
      amount_due:
        lotsWon > 0
          ? amountDue(listing.market as Market, listing.price, lotsWon, Number(listing.lot))
          : null,
      drawn_at: drawnAtMs,
    });
  }
  await db()
    .updateTable('ipo_listing')
    .set({
      list_hash: outcome.listHash,
      list_frozen_at: listing.list_frozen_at ?? listing.subscribe_end,
      beacon,
      draw_seed: outcome.drawSeed,
      applicants: subs.length,
      lots_applied: subs.reduce((sum, s) => sum + Number(s.lots), 0),
      drawn_at: drawnAtMs,
    })
    .where('id', '=', listing.id)
    .execute();
}

/** The caller's subscription id to a listing, from its detail. */
export async function mine(s: Session, listingId: string) {
  return (await t.call('ipo/detail', { id: listingId }, s)).body.data.mine as {
    subscription_id: string;
    status: string;
    lots_won: number | null;
    amount_due: string | null;
    ticket: string;
  } | null;
}
