import type { Db } from '@kabuto/schema/db';

/** One inbox message as the module reads it. */
export interface InboxMessage {
  readonly id: bigint;
  readonly kind: string;
  readonly params: Record<string, string>;
  readonly readAtMs: number | null;
  readonly createdAtMs: number;
}

/** The user's 200 newest messages, newest first. */
export async function listInbox(db: Db, userId: number): Promise<InboxMessage[]> {
  const rows = await db
    .selectFrom('inbox_message')
    .selectAll()
    .where('user_id', '=', BigInt(userId))
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    params: JSON.parse(r.params) as Record<string, string>,
    readAtMs: r.read_at === null ? null : Number(r.read_at),
    createdAtMs: Number(r.created_at),
  }));
}

/** Marks one of the user's messages read, once (a read message keeps its first read time). */
export async function markInboxRead(
  db: Db,
  userId: number,
  messageId: bigint,
  nowMs: number,
): Promise<'read' | 'not_found'> {
  const marked = await db
    .updateTable('inbox_message')
    .set({ read_at: nowMs })
    .where('id', '=', messageId)
    .where('user_id', '=', BigInt(userId))
    .where('read_at', 'is', null)
    .executeTakeFirst();
  if (marked.numUpdatedRows > 0n) return 'read';
  // Read before, or not the caller's (or no such message): only the first is the caller's to know.
  const own = await db
    .selectFrom('inbox_message')
    .select('id')
    .where('id', '=', messageId)
    .where('user_id', '=', BigInt(userId))
    .executeTakeFirst();
  return own ? 'read' : 'not_found';
}

/** How many of the user's messages are unread (the bell's and the Mine tab's badge). */
export async function countUnread(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('inbox_message')
    .select((eb) => eb.fn.countAll<number | bigint | string>().as('n'))
    .where('user_id', '=', BigInt(userId))
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
