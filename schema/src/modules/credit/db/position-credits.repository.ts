import { sql } from 'kysely';
import type { Currency } from '../../../domain/money/currency.ts';
import type { Db } from '../../../db/create-db.ts';
import type { WriteTrx } from '../../../db/after-commit.ts';
import { advanceMany } from '../../../db/advance.ts';
import { symbolsOfPositions } from '../../trading/public.ts';
import type { PositionCreditRow } from './credit.table.ts';

/** One added credit as the modules read it: amount in minor units, times in ms. */
export interface PositionCredit {
  readonly id: number;
  readonly userId: number;
  readonly positionId: bigint;
  readonly currency: Currency;
  readonly amount: bigint;
  readonly status: 'open' | 'returned';
  readonly journalId: bigint | null;
  readonly createdAtMs: number;
  readonly returnedAtMs: number | null;
}

function creditFromRow(row: PositionCreditRow): PositionCredit {
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    positionId: row.position_id,
    currency: row.currency as Currency,
    amount: row.amount,
    status: row.status === 'open' ? 'open' : 'returned',
    journalId: row.journal_id,
    createdAtMs: Number(row.created_at),
    returnedAtMs: row.returned_at === null ? null : Number(row.returned_at),
  };
}

/** Writes an open credit row; its journal id is set once the journal (which names it) is posted. */
export async function insertPositionCredit(
  trx: Db,
  values: {
    userId: number;
    positionId: bigint;
    currency: Currency;
    amount: bigint;
    requestId: string;
    nowMs: number;
  },
): Promise<number> {
  const row = await trx
    .insertInto('position_credit')
    .values({
      user_id: BigInt(values.userId),
      position_id: values.positionId,
      currency: values.currency,
      amount: values.amount,
      status: 'open',
      request_id: values.requestId,
      journal_id: null,
      created_at: values.nowMs,
      returned_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function setPositionCreditJournal(
  trx: Db,
  creditId: number,
  journalId: bigint,
): Promise<void> {
  await trx
    .updateTable('position_credit')
    .set({ journal_id: journalId })
    .where('id', '=', BigInt(creditId))
    .execute();
}

/** The open credits of each position named, summed (positions without any are left out). */
export async function openCreditTotals(
  db: Db,
  positionIds: readonly bigint[],
): Promise<Map<bigint, bigint>> {
  if (positionIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('position_credit')
    .select(['position_id', 'amount'])
    .where('position_id', 'in', [...positionIds])
    .where('status', '=', 'open')
    .execute();
  const totals = new Map<bigint, bigint>();
  for (const row of rows) {
    totals.set(row.position_id, (totals.get(row.position_id) ?? 0n) + row.amount);
  }
  return totals;
}

/** The open credits of one position, summed (0 when it has none). */
export async function openCreditTotal(db: Db, positionId: bigint): Promise<bigint> {
  return (await openCreditTotals(db, [positionId])).get(positionId) ?? 0n;
}

/**
 * Marks every open credit of a position returned (open → returned, the one move its lifecycle
 * has), in the caller's transaction: the close that does it posts their money back to cash with
 * the margin. Returns the amount returned.
 */
export async function returnPositionCredits(
  trx: WriteTrx,
  positionId: bigint,
  nowMs: number,
): Promise<bigint> {
  const returned = await advanceMany(trx, 'position_credit', 'open', 'returned', {
    where: sql`position_id = ${positionId}`,
    set: { returned_at: nowMs },
    returning: ['amount'],
  });
  return returned.rows.reduce((sum, row) => sum + row.amount, 0n);
}

/** The user's credits with their position's symbol, newest first (the 200 latest). */
export async function creditsOfUser(
  db: Db,
  userId: number,
): Promise<(PositionCredit & { symbol: string })[]> {
  const rows = await db
    .selectFrom('position_credit')
    .selectAll()
    .where('user_id', '=', BigInt(userId))
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  // The symbols through trading's door (every credit names a position, which is never deleted).
  const symbols = await symbolsOfPositions(
    db,
    rows.map((row) => row.position_id),
  );
  return rows.map((row) => ({ ...creditFromRow(row), symbol: symbols.get(row.position_id) ?? '' }));
}
