import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  canAdvanceHold,
  platformAccount,
  transfer,
  userAccount,
  type WithdrawalStatus,
} from '../src/domain/index.ts';
import {
  withdrawalHoldPostings,
  withdrawalPaidPostings,
  withdrawalReturnedPostings,
} from '../src/domain/funds/index.ts';
import {
  AccountEventOutbox,
  advance,
  cashBalance,
  postJournal,
  userBalances,
  writeTransaction,
  type Db,
  type WriteTrx,
} from '../src/db/index.ts';
import { aUser, makeTestDb, type TestDb } from '../src/testing/index.ts';

// A withdrawal's whole lifecycle through `advance`: each move once, with its money, and nothing
// for a second decision or a rolled-back one.
const system = { type: 'system', id: 'test' } as const;
let testDb: TestDb;
let db: Db;

beforeAll(async () => {
  testDb = await makeTestDb();
  db = testDb.db;
});
afterAll(async () => testDb.cleanup());

/** A user with ¥100,000 of which ¥40,000 is held by one withdrawal in `status`. */
async function aWithdrawal(
  status: WithdrawalStatus,
): Promise<{ userId: number; withdrawalId: bigint }> {
  const userId = await aUser(db);
  const card = await db
    .insertInto('bank_card')
    .values({
      user_id: BigInt(userId),
      holder_kana: 'ヤマダ\u3000タロウ',
      bank_name: 'みずほ銀行',
      branch_name: '本店',
      branch_code: '001',
      card_type: 'ordinary',
      account_number: '1234567',
      created_at: 1,
      updated_at: 1,
      removed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return writeTransaction(db, async (trx) => {
    await postJournal(
      trx,
      {
        kind: 'paper_grant',
        memo: 'grant',
        actor: system,
        postings: transfer({
          from: platformAccount('platform:paper_grant', 'JPY'),
          to: userAccount(userId, 'cash', 'JPY'),
          amountMinor: 100_000n,
        }),
      },
      1,
    );
    const hold = await postJournal(
      trx,
      {
        kind: 'withdrawal_hold',
        memo: 'hold',
        actor: { type: 'user', id: userId },
        postings: withdrawalHoldPostings(userId, 'JPY', 40_000n),
      },
      1,
    );
    const row = await trx
      .insertInto('withdrawal')
      .values({
        user_id: BigInt(userId),
        card_id: card.id,
        currency: 'JPY',
        amount: 40_000n,
        status,
        reason: null,
        hold_journal_id: hold,
        settle_journal_id: null,
        reviewed_by: null,
        reviewed_at: null,
        approved_by: null,
        approved_at: null,
        payout_reference: null,
        created_at: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { userId, withdrawalId: row.id };
  });
}

async function state(userId: number, withdrawalId: bigint) {
  const row = await db
    .selectFrom('withdrawal')
    .select(['status', 'reason', 'settle_journal_id', 'payout_reference'])
    .where('id', '=', withdrawalId)
    .executeTakeFirstOrThrow();
  const balances = await userBalances(db, userId);
  const inbox = await db
    .selectFrom('inbox_message')
    .select('kind')
    .where('user_id', '=', BigInt(userId))
    .execute();
  return {
    ...row,
    cash: await cashBalance(db, userId, 'JPY'),
    held: balances.find((b) => b.kind === 'hold:withdrawal')?.amountMinor ?? 0n,
    inbox: inbox.map((m) => m.kind),
  };
}

function returnToCash(
  trx: WriteTrx,
  w: { userId: number; withdrawalId: bigint },
  from: 'pending' | 'sending',
  announced: string[],
) {
  const row = { kind: 'withdrawal' as const, id: w.withdrawalId, userId: w.userId };
  const effects = {
    nowMs: 5,
    set: { reason: 'refused' },
    journal: {
      kind: 'withdrawal_returned' as const,
      memo: 'returned',
      actor: system,
      postings: withdrawalReturnedPostings(w.userId, 'JPY', 40_000n),
    },
    journalColumn: 'settle_journal_id',
    inbox: {
      kind: from === 'pending' ? ('withdrawal_rejected' as const) : ('withdrawal_failed' as const),
      params: { amount: '40000', currency: 'JPY', reason: 'refused' },
    },
    afterCommit: () => {
      announced.push(`returned ${w.withdrawalId}`);
    },
  };
  return from === 'pending'
    ? advance(trx, row, 'pending', 'rejected', effects)
    : advance(trx, row, 'sending', 'failed', effects);
}

describe('advance: a withdrawal’s lifecycle', () => {
  it('lists every move a withdrawal makes, and no other', () => {
    expect(canAdvanceHold('withdrawal', 'pending', 'approved')).toBe(true);
    expect(canAdvanceHold('withdrawal', 'approved', 'sending')).toBe(true);
    expect(canAdvanceHold('withdrawal', 'sending', 'paid')).toBe(true);
    expect(canAdvanceHold('withdrawal', 'sending', 'failed')).toBe(true);
    expect(canAdvanceHold('withdrawal', 'pending', 'rejected')).toBe(true);
    for (const [from, to] of [
      ['pending', 'paid'],
      ['approved', 'rejected'],
      ['approved', 'paid'],
      ['failed', 'sending'],
      ['paid', 'failed'],
      ['rejected', 'approved'],
    ] as const) {
      expect(canAdvanceHold('withdrawal', from, to), `${from} → ${to}`).toBe(false);
    }
  });

  it('approve → send → pay moves the hold to the bank once; a late refusal of the paid row changes nothing', async () => {
    const w = await aWithdrawal('pending');
    const row = { kind: 'withdrawal' as const, id: w.withdrawalId, userId: w.userId };
    await writeTransaction(db, (trx) =>
      advance(trx, row, 'pending', 'approved', { nowMs: 2, set: { approved_at: 2 } }),
    );
    expect(await state(w.userId, w.withdrawalId)).toMatchObject({
      status: 'approved',
      held: 40_000n,
    });
    const claims = await Promise.all([
      writeTransaction(db, (trx) => advance(trx, row, 'approved', 'sending', { nowMs: 3 })),
      writeTransaction(db, (trx) => advance(trx, row, 'approved', 'sending', { nowMs: 3 })),
    ]);
    expect(claims.filter((c) => c.advanced)).toHaveLength(1);
    const paid = await writeTransaction(db, (trx) =>
      advance(trx, row, 'sending', 'paid', {
        nowMs: 4,
        set: { payout_reference: 'LB1' },
        journal: {
          kind: 'withdrawal_paid',
          memo: 'paid',
          actor: system,
          postings: withdrawalPaidPostings(w.userId, 'JPY', 40_000n),
        },
        journalColumn: 'settle_journal_id',
        inbox: { kind: 'withdrawal_paid', params: { amount: '40000', currency: 'JPY' } },
      }),
    );
    const after = await state(w.userId, w.withdrawalId);
    expect(after).toEqual({
      status: 'paid',
      reason: null,
      settle_journal_id: paid.advanced ? paid.journalId : -1n,
      payout_reference: 'LB1',
      cash: 60_000n,
      held: 0n,
      inbox: ['withdrawal_paid'],
    });
    const announced: string[] = [];
    const late = await writeTransaction(db, (trx) => returnToCash(trx, w, 'sending', announced));
    expect(late).toEqual({ advanced: false });
    expect(await state(w.userId, w.withdrawalId)).toEqual(after);
    expect(announced).toEqual([]);
  });

  it('a refused payout (sending → failed) returns the hold to cash once; a second refusal changes nothing', async () => {
    const w = await aWithdrawal('sending');
    const announced: string[] = [];
    const first = await writeTransaction(db, (trx) => returnToCash(trx, w, 'sending', announced));
    const after = await state(w.userId, w.withdrawalId);
    expect(after).toEqual({
      status: 'failed',
      reason: 'refused',
      settle_journal_id: first.advanced ? first.journalId : -1n,
      payout_reference: null,
      cash: 100_000n,
      held: 0n,
      inbox: ['withdrawal_failed'],
    });
    const second = await writeTransaction(db, (trx) => returnToCash(trx, w, 'sending', announced));
    expect(second).toEqual({ advanced: false });
    expect(await state(w.userId, w.withdrawalId)).toEqual(after);
    expect(announced).toEqual([`returned ${w.withdrawalId}`]);
  });

  it('a second decision on a decided withdrawal changes nothing: rejected after approval, approved after rejection', async () => {
    const approved = await aWithdrawal('pending');
    const row = { kind: 'withdrawal' as const, id: approved.withdrawalId, userId: approved.userId };
    await writeTransaction(db, (trx) => advance(trx, row, 'pending', 'approved', { nowMs: 2 }));
    const afterApproval = await state(approved.userId, approved.withdrawalId);
    const announced: string[] = [];
    expect(
      await writeTransaction(db, (trx) => returnToCash(trx, approved, 'pending', announced)),
    ).toEqual({ advanced: false });
    expect(await state(approved.userId, approved.withdrawalId)).toEqual(afterApproval);

    const rejected = await aWithdrawal('pending');
    await writeTransaction(db, (trx) => returnToCash(trx, rejected, 'pending', announced));
    const afterRejection = await state(rejected.userId, rejected.withdrawalId);
    expect(afterRejection).toMatchObject({ status: 'rejected', cash: 100_000n, held: 0n });
    const again = await writeTransaction(db, (trx) =>
      advance(
        trx,
        { kind: 'withdrawal', id: rejected.withdrawalId, userId: rejected.userId },
        'pending',
        'approved',
        { nowMs: 3 },
      ),
    );
    expect(again).toEqual({ advanced: false });
    expect(await state(rejected.userId, rejected.withdrawalId)).toEqual(afterRejection);
    expect(announced).toEqual([`returned ${rejected.withdrawalId}`]);
  });

  it('records and announces nothing when the caller’s transaction rolls back after the decision', async () => {
    const w = await aWithdrawal('sending');
    const before = await state(w.userId, w.withdrawalId);
    const announced: string[] = [];
    const relayed: string[] = [];
    const outbox = new AccountEventOutbox(db, (_userId, event) => {
      relayed.push(event);
    });
    await expect(
      writeTransaction(db, async (trx) => {
        await advance(
          trx,
          { kind: 'withdrawal', id: w.withdrawalId, userId: w.userId },
          'sending',
          'failed',
          {
            nowMs: 5,
            journal: {
              kind: 'withdrawal_returned',
              memo: 'returned',
              actor: system,
              postings: withdrawalReturnedPostings(w.userId, 'JPY', 40_000n),
            },
            journalColumn: 'settle_journal_id',
            inbox: { kind: 'withdrawal_failed', params: {} },
            record: async (inner) => {
              await outbox.record(inner, w.userId, 'fund:updated', {
                kind: 'withdrawal_failed',
                withdrawal_id: String(w.withdrawalId),
              });
            },
            afterCommit: () => {
              announced.push('failed');
            },
          },
        );
        throw new Error('the caller refuses after the decision');
      }),
    ).rejects.toThrow('the caller refuses');
    // A later write has committed (on SQLite, after the batch the refused one was in): the
    // refused one's hooks, had they been kept, would have run by now.
    await writeTransaction(db, () => Promise.resolve());
    expect([relayed, announced]).toEqual([[], []]);
    expect(await state(w.userId, w.withdrawalId)).toEqual(before);
    const seq = await db
      .selectFrom('account_event_seq')
      .select('last_seq')
      .where('user_id', '=', BigInt(w.userId))
      .executeTakeFirst();
    expect(seq).toBeUndefined();
    expect(
      await db
        .selectFrom('account_event_outbox')
        .select('seq')
        .where('user_id', '=', BigInt(w.userId))
        .execute(),
    ).toEqual([]);
  });
});
