import type { Db } from '../../db/create-db.ts';
import { openingNav } from './domain/nav.ts';

/**
 * Tests only: a product row (open, JPY, momentum on Toyota and Sony by default, an empty book at
 * NAV 1.0000 struck on `navDate`), its id.
 */
export async function aProduct(
  db: Db,
  options: {
    status?: 'draft' | 'open' | 'closed';
    deadlineMs?: number;
    minMajor?: bigint;
    lockupDays?: number;
    navDate?: string | null;
    universe?: readonly string[];
    nowMs: number;
  },
): Promise<number> {
  const row = await db
    .insertInto('product')
    .values({
      name: 'Test Momentum',
      issuer: 'Test issuer',
      strategy: 'momentum',
      universe: (options.universe ?? ['7203', '6758']).join(','),
      market: 'JP',
      currency: 'JPY',
      min_amount: options.minMajor ?? 100_000n,
      deadline_at: options.deadlineMs ?? options.nowMs + 30 * 86_400_000,
      lockup_days: options.lockupDays ?? 7,
      fee_bps: 100,
      status: options.status ?? 'open',
      first_date: '2026-01-05',
      ...{ book_cash: 0n, book_units: 0n, nav: openingNav(0) },
      nav_date: options.navDate === undefined ? '2026-11-25' : options.navDate,
      ...{ created_at: options.nowMs, updated_at: options.nowMs },
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
