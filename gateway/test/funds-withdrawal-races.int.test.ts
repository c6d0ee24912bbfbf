import { describe, expect, it } from 'vitest';
import { reconcile } from '@kabuto/schema/db';
import { PASSWORD, type Session } from './support/test-gateway.ts';
import { multipart } from './support/funds-helpers.ts';
import {
  balance,
  db,
  photo,
  readyToWithdraw,
  requestId,
  review,
  t,
  useFundsGateway,
  userIdOf,
} from './support/funds-suite.ts';
import { putInStatus } from '@kabuto/schema/testing';

// Red team: back-office decisions racing each other and the user, over HTTP against the real
// gateway. Whatever wins, it wins once: one status move, one journal at most, one audit row, one
// pair of account events, and the user's hold always equals their open withdrawal.
useFundsGateway();

async function withdrawingUser(): Promise<{ s: Session; cardId: string; userId: number }> {
  const { s, cardId } = await readyToWithdraw();
  await t.call(
    'user/setFundPassword',
    { password: PASSWORD, fundpassword: '246810', refundpassword: '246810' },
    s,
  );
  return { s, cardId, userId: await userIdOf(s) };
}

const withdraw = (s: Session, cardId: string, amount: string) =>
  t.call(
    'fund/withdraw',
    { card_id: cardId, amount, fund_password: '246810', request_id: requestId() },
    s,
  );

const decide = (id: string, decision: 'approve' | 'reject') =>
  review.call('withdrawal/decide', {
    id,
    decision,
    ...(decision === 'reject' ? { reason: 'race' } : {}),
  });

async function traces(id: string, userId: number) {
  const audits = await db()
    .selectFrom('audit_log')
    .select('action')
    .where('subject', '=', `withdrawal:${id}`)
    .execute();
  const journals = await db()
    .selectFrom('journal')
    .select('kind')
    .where('reference', '=', `withdrawal:${id}`)
    .execute();
  const seq = await db()
    .selectFrom('account_event_seq')
    .select('last_seq')
    .where('user_id', '=', BigInt(userId))
    .executeTakeFirst();
  return { audits, journals, seq: seq?.last_seq ?? 0n };
}

/** The user's withdrawal hold equals the sum of their open withdrawals. */
async function holdMatchesOpenWithdrawals(s: Session, userId: number): Promise<void> {
  const open = await db()
    .selectFrom('withdrawal')
    .select('amount')
    .where('user_id', '=', BigInt(userId))
    .where('status', 'in', ['pending', 'approved', 'sending'])
    .execute();
  expect(open.length).toBeLessThanOrEqual(1);
  const sum = open.reduce((total, row) => total + row.amount, 0n);
  expect(await balance(s, 'hold:withdrawal', 'JPY')).toBe(sum);
}

async function settledSeq(userId: number): Promise<bigint> {
  const read = async () =>
    (
      await db()
        .selectFrom('account_event_seq')
        .select('last_seq')
        .where('user_id', '=', BigInt(userId))
        .executeTakeFirst()
    )?.last_seq ?? 0n;
  // The request's events are numbered in its own transaction: final once it has answered (no
  // worker runs beside these tests to add asset events later).
  await expect.poll(read).toBeGreaterThan(0n);
  return read();
}

describe('withdrawal decisions racing', () => {
  it('approve and reject in parallel (Promise.all): one wins, the other is not_found, and only the winner writes', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { s, cardId, userId } = await withdrawingUser();
      const id = (await withdraw(s, cardId, '50000')).body.data.withdrawal_id as string;
      const seqBefore = await settledSeq(userId);
      const order: Array<'approve' | 'reject'> =
        round % 2 === 0 ? ['approve', 'reject'] : ['reject', 'approve'];
      const answers = await Promise.all(order.map((d) => decide(id, d)));
      expect(answers.map((a) => a.body.msg).sort()).toEqual(['not_found', 'submit_ok']);
      const winner = order[answers.findIndex((a) => a.body.msg === 'submit_ok')];
      const row = await db()
        .selectFrom('withdrawal')
        .select('status')
        .where('id', '=', BigInt(id))
        .executeTakeFirstOrThrow();
      expect(row.status).toBe(winner === 'approve' ? 'approved' : 'rejected');
      const after = await traces(id, userId);
      expect(after.audits).toEqual([{ action: `withdrawal.${winner}` }]);
      expect(after.journals).toEqual(winner === 'approve' ? [] : [{ kind: 'withdrawal_returned' }]);
      expect(after.seq).toBe(seqBefore + 2n);
      expect(await balance(s, 'cash', 'JPY')).toBe(winner === 'approve' ? 250_000n : 300_000n);
      await holdMatchesOpenWithdrawals(s, userId);
    }
    expect((await reconcile(db())).breaches).toEqual([]);
  });

  it('two approvals and two rejections at once: exactly one decision is written', async () => {
    const { s, cardId, userId } = await withdrawingUser();
    const id = (await withdraw(s, cardId, '40000')).body.data.withdrawal_id as string;
    const answers = await Promise.all([
      decide(id, 'approve'),
      decide(id, 'reject'),
      decide(id, 'approve'),
      decide(id, 'reject'),
    ]);
    expect(answers.filter((a) => a.body.msg === 'submit_ok')).toHaveLength(1);
    expect(answers.filter((a) => a.body.msg === 'not_found')).toHaveLength(3);
    expect((await traces(id, userId)).audits).toHaveLength(1);
    await holdMatchesOpenWithdrawals(s, userId);
    expect((await reconcile(db())).breaches).toEqual([]);
  });

  it('a rejection racing the user’s next withdrawal: never two open, and the hold is always the open one', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { s, cardId, userId } = await withdrawingUser();
      const first = (await withdraw(s, cardId, '50000')).body.data.withdrawal_id as string;
      const [, second] = await Promise.all([decide(first, 'reject'), withdraw(s, cardId, '20000')]);
      expect(['withdraw_ok', 'fund_operation_busy']).toContain(second.body.msg);
      await holdMatchesOpenWithdrawals(s, userId);
      expect(await balance(s, 'cash', 'JPY')).toBe(
        second.body.msg === 'withdraw_ok' ? 280_000n : 300_000n,
      );
    }
    expect((await reconcile(db())).breaches).toEqual([]);
  });

  it('deposit approvals in parallel credit the deposit once', async () => {
    const { s } = await withdrawingUser();
    const channelId = (await t.call('fund/channels', {}, s)).body.data[0].channel_id;
    const deposited = await multipart(
      t,
      'fund/deposit',
      { channel_id: channelId, amount: '70000', request_id: requestId() },
      { proof: { bytes: photo, name: 'p.jpg' } },
      s,
    );
    const id = deposited.body.data.deposit_id as string;
    const answers = await Promise.all(
      [0, 1, 2].map(() => review.call('deposit/decide', { id, decision: 'approve' })),
    );
    expect(answers.map((a) => a.body.msg).sort()).toEqual(['not_found', 'not_found', 'submit_ok']);
    expect(await balance(s, 'cash', 'JPY')).toBe(370_000n);
    const journals = await db()
      .selectFrom('journal')
      .select('id')
      .where('reference', '=', `deposit:${id}`)
      .execute();
    expect(journals).toHaveLength(1);
    expect(
      await db()
        .selectFrom('audit_log')
        .select('action')
        .where('subject', '=', `deposit:${id}`)
        .execute(),
    ).toEqual([{ action: 'deposit.approve' }]);
    expect((await reconcile(db())).breaches).toEqual([]);
  });
});

describe('withdrawal states on the lists', () => {
  it('each admin filter lists exactly its states, and the user sees each state mapped to the spec status', async () => {
    const ids = new Map<string, string>();
    const users: Session[] = [];
    for (const status of [
      'pending',
      'approved',
      'sending',
      'paid',
      'rejected',
      'failed',
    ] as const) {
      const { s, cardId } = await withdrawingUser();
      const id = (await withdraw(s, cardId, '20000')).body.data.withdrawal_id as string;
      await putInStatus(db(), 'withdrawal', BigInt(id), status);
      ids.set(status, id);
      users.push(s);
    }
    const listed = async (status: string) => {
      const answer = await review.call('withdrawal/list', { status });
      expect(answer.http).toBe(200);
      const mine = new Set(ids.values());
      return (answer.body.data as Array<{ id: string; status: string }>)
        .filter((w) => mine.has(w.id))
        .map((w) => w.status)
        .sort();
    };
    expect(await listed('pending')).toEqual(['pending']);
    expect(await listed('approved')).toEqual(['approved', 'paid', 'sending']);
    expect(await listed('paid')).toEqual(['paid']);
    expect(await listed('rejected')).toEqual(['rejected']);
    expect(await listed('failed')).toEqual(['failed']);
    expect(await listed('all')).toEqual(
      ['approved', 'failed', 'paid', 'pending', 'rejected', 'sending'].sort(),
    );
    const wire = await Promise.all(
      users.map(async (s) => {
        const row = (await t.call('user/withdrawallist', { type: 'jpy' }, s)).body.data[0];
        return [row.status, row.state];
      }),
    );
    expect(wire).toEqual([
      [0, 'pending'],
      [0, 'sending'],
      [0, 'sending'],
      [1, 'paid'],
      [2, 'rejected'],
      [2, 'failed'],
    ]);
  });
});

describe('withdrawal review list with a long history', () => {
  it('a withdrawal on its way (sending) still shows under approved after 200 paid ones', async () => {
    const { s, cardId, userId } = await withdrawingUser();
    const card = BigInt(cardId);
    await db()
      .insertInto('withdrawal')
      .values(
        Array.from({ length: 200 }, (_, i) => ({
          user_id: BigInt(userId),
          card_id: card,
          currency: 'JPY',
          amount: 10_000n,
          status: 'paid',
          reason: null,
          hold_journal_id: 1n,
          settle_journal_id: 1n,
          reviewed_by: 1n,
          reviewed_at: i,
          approved_by: 1n,
          approved_at: i,
          payout_reference: `LB-history-${i}`,
          created_at: i,
        })),
      )
      .execute();
    const id = (await withdraw(s, cardId, '20000')).body.data.withdrawal_id as string;
    expect((await decide(id, 'approve')).body.msg).toBe('submit_ok');
    await putInStatus(db(), 'withdrawal', BigInt(id), 'sending');
    for (const status of ['approved', 'all']) {
      const listed = (await review.call('withdrawal/list', { status })).body.data as Array<{
        id: string;
      }>;
      expect(listed.map((w) => w.id)).toContain(id);
    }
  });
});

describe('the destination of an open withdrawal', () => {
  it('cannot be edited once requested (pending, approved or sending): the payout goes where the reviewer saw', async () => {
    const { s, cardId } = await withdrawingUser();
    const id = (await withdraw(s, cardId, '20000')).body.data.withdrawal_id as string;
    const cardOf = async () =>
      db()
        .selectFrom('bank_card')
        .select(['bank_name', 'branch_code', 'account_number', 'removed_at'])
        .where('id', '=', BigInt(cardId))
        .executeTakeFirstOrThrow();
    const reviewed = await cardOf();
    const edit = () =>
      t.call(
        'bank/edit',
        {
          card_id: cardId,
          holder_kana: 'ヤマダ タロウ',
          bank_name: '三菱UFJ銀行',
          branch_name: '新宿支店',
          branch_code: '300',
          card_type: 'ordinary',
          account_number: '9999999',
        },
        s,
      );
    for (const status of ['pending', 'approved', 'sending']) {
      if (status === 'approved') expect((await decide(id, 'approve')).body.msg).toBe('submit_ok');
      if (status === 'sending') {
        await putInStatus(db(), 'withdrawal', BigInt(id), 'sending');
      }
      const answer = await edit();
      expect([status, answer.body.msg]).toEqual([status, 'fund_operation_busy']);
      expect(await cardOf()).toEqual(reviewed);
    }
    // Once a withdrawal is closed, its card may be edited again.
    const other = await withdrawingUser();
    const returned = (await withdraw(other.s, other.cardId, '20000')).body.data
      .withdrawal_id as string;
    expect((await decide(returned, 'reject')).body.msg).toBe('submit_ok');
    const edited = await t.call(
      'bank/edit',
      {
        card_id: other.cardId,
        holder_kana: 'ヤマダ タロウ',
        bank_name: '三菱UFJ銀行',
        branch_name: '新宿支店',
        branch_code: '300',
        card_type: 'ordinary',
        account_number: '9999999',
      },
      other.s,
    );
    expect(edited.body.msg).toBe('modify_ok');
  });
});
