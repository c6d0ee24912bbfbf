import { AccountEventOutbox, postJournal, writeTransaction, type Db } from '@kabuto/schema/db';
import { platformAccount, transfer, userAccount, type Currency } from '@kabuto/schema/domain';
import { TEST_SECRET_BOX } from '@kabuto/schema/testing';

/**
 * A job's dependencies at a fixed instant on a real database: its clock, an account-event emitter
 * that writes the real outbox (drain every outbox `outboxes` collected after the file), and the
 * box that opens what the builders sealed (`TEST_SECRET_BOX`).
 */
export function jobDepsAt(db: Db, nowMs: number, outboxes: AccountEventOutbox[]) {
  const outbox = new AccountEventOutbox(
    db,
    () => undefined,
    () => nowMs,
  );
  outboxes.push(outbox);
  return {
    db,
    clock: { nowMs: () => nowMs },
    secrets: TEST_SECRET_BOX,
    emitter: {
      record: async (trx: never, userId: number, event: never, payload: never) =>
        void (await outbox.record(trx, userId, event, payload)),
    },
  };
}

/** A paper grant of `amount` minor units into the user's cash, as a visible journal. */
export async function grantCash(
  db: Db,
  userId: number,
  currency: Currency,
  amount: bigint,
  nowMs: number,
): Promise<void> {
  await writeTransaction(db, (trx) =>
    postJournal(
      trx,
      {
        kind: 'paper_grant',
        memo: 'grant',
        actor: { type: 'system', id: 'test' },
        postings: transfer({
          from: platformAccount('platform:paper_grant', currency),
          to: userAccount(userId, 'cash', currency),
          amountMinor: amount,
        }),
      },
      nowMs,
    ),
  );
}
