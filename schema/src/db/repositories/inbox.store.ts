import type { Db } from '../create-db.ts';
import type { ListOf } from '../../modules/define-module.ts';
import type { Modules } from '../../modules/index.ts';

/**
 * Message kinds the client translates; params fill the template (never free text from staff). Each
 * module declares the kinds it sends in its manifest (`inboxKinds`).
 */
export type InboxKind = ListOf<Modules, 'inboxKinds'>;

export async function insertInboxMessage(
  trx: Db,
  values: { userId: number; kind: InboxKind; params: Record<string, string>; nowMs: number },
): Promise<void> {
  await trx
    .insertInto('inbox_message')
    .values({
      user_id: BigInt(values.userId),
      kind: values.kind,
      params: JSON.stringify(values.params),
      read_at: null,
      created_at: values.nowMs,
    })
    .execute();
}
