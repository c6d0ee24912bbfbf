import { postJournal, type WriteTrx } from '@kabuto/schema/db';
import { blockHoldPostings } from '@kabuto/schema/modules/block/domain/index.ts';
import { setHoldJournal } from '@kabuto/schema/modules/block/db/orders.repository.ts';

/** What `block/buy` posts once its order row is written: the cost cash → hold:block, linked. */
export async function holdBlockCost(
  trx: WriteTrx,
  order: { id: number; userId: number; amount: bigint },
  nowMs: number,
): Promise<void> {
  const journalId = await postJournal(
    trx,
    {
      kind: 'block_hold',
      memo: 'hold',
      actor: { type: 'user', id: order.userId },
      postings: blockHoldPostings(order.userId, 'JPY', order.amount),
    },
    nowMs,
  );
  await setHoldJournal(trx, order.id, journalId);
}
