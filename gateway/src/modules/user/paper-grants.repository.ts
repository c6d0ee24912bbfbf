import type { Db } from '@kabuto/schema/db';
import type { Currency } from '@kabuto/schema/domain';

/**
 * The time (ms) of the user's latest paper grant in `currency` after `sinceMs`, or null when
 * there is none. A grant is its `paper_grant` journal (reference `paper:<currency>`).
 */
export async function lastGrantSince(
  db: Db,
  userId: number,
  currency: Currency,
  sinceMs: number,
): Promise<number | null> {
  const row = await db
    .selectFrom('journal')
    .select((eb) => eb.fn.max('created_at').as('last_at'))
    .where('user_id', '=', BigInt(userId))
    .where('kind', '=', 'paper_grant')
    .where('reference', '=', `paper:${currency}`)
    .where('created_at', '>', BigInt(sinceMs))
    .executeTakeFirst();
  return row?.last_at === null || row?.last_at === undefined ? null : Number(row.last_at);
}
