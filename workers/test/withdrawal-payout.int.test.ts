import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { Queue } from 'bullmq';
import {
  fixedClock,
  queueName,
  Refusal,
  systemClock,
  withdrawalPayoutJob,
  withdrawalPayoutJobId,
} from '@kabuto/schema/contracts';
import {
  cashBalance,
  postJournal,
  reconcile,
  userBalances,
  writeTransaction,
} from '@kabuto/schema/db';
import { platformAccount, transfer, userAccount } from '@kabuto/schema/domain';
import { withdrawalHoldPostings } from '@kabuto/schema/funds';
import { aUser, makeTestDb, type TestDb } from '@kabuto/schema/testing';
import { createAccountEmitter } from '../src/infra/account-emitter.ts';
import { createLogger } from '../src/infra/logger.ts';
import {
  createLocalBankTransfers,
  type BankTransferProvider,
} from '../src/jobs/withdrawal-payout/bank-transfers.ts';
import {
  payoutKey,
  payWithdrawal,
  unpaidApprovedWithdrawals,
} from '../src/jobs/withdrawal-payout/withdrawal-payout.ts';
import {
  payUnpaidWithdrawals,
  startWithdrawalPayouts,
} from '../src/jobs/withdrawal-payout/withdrawal-payout.processor.ts';

// Approved withdrawals paid through the local bank, with the faults a payout must survive.
const prefix = `wp${randomBytes(5).toString('hex')}`;
let testDb: TestDb;
let redis: Redis;
let dir: string;

beforeAll(async () => {
  testDb = await makeTestDb();
  redis = new Redis(process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379', {
    maxRetriesPerRequest: null,
  });
  dir = mkdtempSync(join(tmpdir(), 'kabuto-payout-'));
});

afterAll(async () => {
  for (const key of [
    ...(await redis.keys(`${prefix}:*`)),
    ...(await redis.keys(`bull:${prefix}-*`)),
  ]) {
    await redis.del(key);
  }
  redis.disconnect();
  await testDb.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

const db = () => testDb.db;

/** A user with ¥300,000, a card and a ¥50,000 withdrawal held; approved unless told otherwise. */
async function aWithdrawal(
  options: { approved?: boolean } = {},
): Promise<{ userId: number; withdrawalId: number }> {
  const userId = await aUser(db());
  const now = Date.now();
  const card = await db()
    .insertInto('bank_card')
    .values({
      user_id: BigInt(userId),
      holder_kana: 'ヤマダ\u3000タロウ',
      bank_name: 'みずほ銀行',
      branch_name: '本店',
      branch_code: '001',
      card_type: 'ordinary',
      account_number: '1234567',
      created_at: now,
      updated_at: now,
      removed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const withdrawalId = await writeTransaction(db(), async (trx) => {
    await postJournal(
      trx,
      {
        kind: 'paper_grant',
        memo: 'grant',
        actor: { type: 'system', id: 'test' },
        postings: transfer({
          from: platformAccount('platform:paper_grant', 'JPY'),
          to: userAccount(userId, 'cash', 'JPY'),
          amountMinor: 300_000n,
        }),
      },
      now,
    );
    const hold = await postJournal(
      trx,
      {
        kind: 'withdrawal_hold',
        memo: 'hold',
        actor: { type: 'user', id: userId },
        postings: withdrawalHoldPostings(userId, 'JPY', 50_000n),
      },
      now,
    );
    const row = await trx
      .insertInto('withdrawal')
      .values({
        user_id: BigInt(userId),
        card_id: card.id,
        currency: 'JPY',
        amount: 50_000n,
        status: options.approved === false ? 'pending' : 'approved',
        reason: null,
        hold_journal_id: hold,
        settle_journal_id: null,
        reviewed_by: null,
        reviewed_at: null,
        approved_by: options.approved === false ? null : 1n,
        approved_at: options.approved === false ? null : now,
        payout_reference: null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  });
  return { userId, withdrawalId };
}

async function holdOf(userId: number): Promise<bigint> {
  return (
    (await userBalances(db(), userId)).find((b) => b.kind === 'hold:withdrawal')?.amountMinor ?? 0n
  );
}

async function withdrawalRow(id: number) {
  return db()
    .selectFrom('withdrawal')
    .select(['status', 'payout_reference', 'settle_journal_id'])
    .where('id', '=', BigInt(id))
    .executeTakeFirstOrThrow();
}

function sentLines(
  file: string,
): Array<{ idempotencyKey: string; reference: string; amount: string; accountNumber: string }> {
  return existsSync(file)
    ? readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l))
    : [];
}

describe('withdrawal payout', () => {
  it('sends an approved withdrawal once, then moves the hold to the bank and tells the user; a duplicate job sends and posts nothing', async () => {
    const file = join(dir, 'once.jsonl');
    const transfers = createLocalBankTransfers(file);
    const { userId, withdrawalId } = await aWithdrawal();
    expect(await payWithdrawal({ db: db(), transfers, clock: systemClock }, withdrawalId)).toEqual({
      userId,
    });
    const sent = sentLines(file);
    expect(sent).toMatchObject([
      { idempotencyKey: payoutKey(withdrawalId), amount: '50000', accountNumber: '1234567' },
    ]);
    expect(await withdrawalRow(withdrawalId)).toMatchObject({
      status: 'paid',
      payout_reference: sent[0]?.reference,
    });
    expect([await cashBalance(db(), userId, 'JPY'), await holdOf(userId)]).toEqual([250_000n, 0n]);
    const inbox = await db()
      .selectFrom('inbox_message')
      .select(['kind', 'params'])
      .where('user_id', '=', BigInt(userId))
      .execute();
    expect(inbox).toEqual([
      {
        kind: 'withdrawal_paid',
        params: JSON.stringify({ amount: '50000', currency: 'JPY', reason: '' }),
      },
    ]);
    const journals = await db()
      .selectFrom('journal')
      .select('id')
      .where('reference', '=', `withdrawal:${withdrawalId}`)
      .execute();
    expect(journals).toHaveLength(1);

    expect(
      await payWithdrawal({ db: db(), transfers, clock: systemClock }, withdrawalId),
    ).toBeNull();
    expect(sentLines(file)).toHaveLength(1);
    expect(
      await db()
        .selectFrom('journal')
        .select('id')
        .where('reference', '=', `withdrawal:${withdrawalId}`)
        .execute(),
    ).toHaveLength(1);
    expect((await reconcile(db())).breaches).toEqual([]);
  });

  it('after a crash between the transfer and the commit, the rerun gets the same reference and pays once', async () => {
    const file = join(dir, 'crash.jsonl');
    const transfers = createLocalBankTransfers(file);
    const { userId, withdrawalId } = await aWithdrawal();
    // The first run sent the transfer and died before its transaction.
    const first = await transfers.send({
      idempotencyKey: payoutKey(withdrawalId),
      currency: 'JPY',
      amount: '50000',
      bankName: 'みずほ銀行',
      branchCode: '001',
      accountType: 'ordinary',
      accountNumber: '1234567',
      holderKana: 'ヤマダ\u3000タロウ',
    });
    expect(await holdOf(userId)).toBe(50_000n);
    await payWithdrawal({ db: db(), transfers, clock: systemClock }, withdrawalId);
    expect(sentLines(file)).toHaveLength(1);
    expect(await withdrawalRow(withdrawalId)).toMatchObject({
      status: 'paid',
      payout_reference: first.reference,
    });
    expect(await holdOf(userId)).toBe(0n);
  });

  it('when the bank is down, the withdrawal stays sending with its hold and a later run pays', async () => {
    const file = join(dir, 'down.jsonl');
    const local = createLocalBankTransfers(file);
    let up = false;
    const flaky: BankTransferProvider = {
      send: (t) => (up ? local.send(t) : Promise.reject(new Error('bank unavailable'))),
    };
    const { userId, withdrawalId } = await aWithdrawal();
    await expect(
      payWithdrawal({ db: db(), transfers: flaky, clock: systemClock }, withdrawalId),
    ).rejects.toThrow('bank unavailable');
    expect(await withdrawalRow(withdrawalId)).toMatchObject({
      status: 'sending',
      payout_reference: null,
      settle_journal_id: null,
    });
    expect(await holdOf(userId)).toBe(50_000n);
    up = true;
    expect(
      await payWithdrawal({ db: db(), transfers: flaky, clock: systemClock }, withdrawalId),
    ).toEqual({ userId });
    expect(await holdOf(userId)).toBe(0n);
  });

  it('a payout the bank refuses ends failed: the money back in cash with a journal, a message and its events; the sweep never sends it again', async () => {
    const { userId, withdrawalId } = await aWithdrawal();
    const sends: string[] = [];
    const refusing: BankTransferProvider = {
      send: (t) => {
        sends.push(t.idempotencyKey);
        return Promise.reject(new Refusal('card_not_found'));
      },
    };
    const emitter = createAccountEmitter(redis, prefix, db());
    const deps = { db: db(), transfers: refusing, clock: systemClock, emitter };
    await expect(payWithdrawal(deps, withdrawalId)).rejects.toThrow(Refusal);
    const row = await db()
      .selectFrom('withdrawal')
      .selectAll()
      .where('id', '=', BigInt(withdrawalId))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'failed',
      reason: 'card_not_found',
      payout_reference: null,
    });
    expect([await cashBalance(db(), userId, 'JPY'), await holdOf(userId)]).toEqual([300_000n, 0n]);
    const journal = await db()
      .selectFrom('journal')
      .select(['id', 'kind'])
      .where('reference', '=', `withdrawal:${withdrawalId}`)
      .execute();
    expect(journal).toEqual([{ id: row.settle_journal_id, kind: 'withdrawal_returned' }]);
    const inbox = await db()
      .selectFrom('inbox_message')
      .select(['kind', 'params'])
      .where('user_id', '=', BigInt(userId))
      .execute();
    expect(inbox).toEqual([
      {
        kind: 'withdrawal_failed',
        params: JSON.stringify({ amount: '50000', currency: 'JPY', reason: 'card_not_found' }),
      },
    ]);
    // fund:updated and message:created, numbered in the payout's own transaction (the outbox).
    const seq = await db()
      .selectFrom('account_event_seq')
      .select('last_seq')
      .where('user_id', '=', BigInt(userId))
      .executeTakeFirst();
    expect(seq?.last_seq).toBe(2n);
    // Neither a rerun nor the sweep sends a failed withdrawal again, and nothing more is posted.
    expect(await unpaidApprovedWithdrawals(db())).not.toContain(withdrawalId);
    expect(await payWithdrawal(deps, withdrawalId)).toBeNull();
    await payUnpaidWithdrawals({
      ...deps,
      redis,
      redisPrefix: prefix,
      logger: createLogger('silent', 'test'),
    });
    expect(sends).toEqual([payoutKey(withdrawalId)]);
    expect(await cashBalance(db(), userId, 'JPY')).toBe(300_000n);
    expect((await reconcile(db())).breaches).toEqual([]);
  });

  it('leaves a withdrawal that is not approved alone: nothing is sent', async () => {
    const file = join(dir, 'unapproved.jsonl');
    const { userId, withdrawalId } = await aWithdrawal({ approved: false });
    expect(
      await payWithdrawal(
        { db: db(), transfers: createLocalBankTransfers(file), clock: systemClock },
        withdrawalId,
      ),
    ).toBeNull();
    expect(sentLines(file)).toEqual([]);
    expect(await withdrawalRow(withdrawalId)).toMatchObject({
      status: 'pending',
      payout_reference: null,
    });
    expect(await holdOf(userId)).toBe(50_000n);
  });

  it('through the worker: a queued job is paid, and the start-up sweep pays one whose job was lost', async () => {
    const file = join(dir, 'worker.jsonl');
    const lost = await aWithdrawal();
    const payouts = await startWithdrawalPayouts({
      db: db(),
      redis,
      redisPrefix: prefix,
      transfers: createLocalBankTransfers(file),
      emitter: createAccountEmitter(redis, prefix, testDb.db),
      logger: createLogger('silent', 'test'),
    });
    const queue = new Queue(queueName('withdrawal-payout', prefix), {
      connection: redis.duplicate({ maxRetriesPerRequest: null }),
    });
    try {
      expect((await withdrawalRow(lost.withdrawalId)).status).toBe('paid');
      const queued = await aWithdrawal();
      await queue.add(
        'withdrawal-payout',
        { withdrawalId: queued.withdrawalId },
        { jobId: withdrawalPayoutJobId(queued.withdrawalId) },
      );
      await expect
        .poll(async () => (await withdrawalRow(queued.withdrawalId)).status, { timeout: 10_000 })
        .toBe('paid');
      expect(
        sentLines(file)
          .map((l) => l.idempotencyKey)
          .sort(),
      ).toEqual([payoutKey(lost.withdrawalId), payoutKey(queued.withdrawalId)].sort());
    } finally {
      await queue.close();
      await payouts.stop();
    }
    expect((await reconcile(db())).breaches).toEqual([]);
  });
});

describe('withdrawal payout jobs', () => {
  it('a payout run on a fixed clock stamps its journal, its inbox message and its transfer with that time', async () => {
    const file = join(dir, 'clock.jsonl');
    const clock = fixedClock(Date.UTC(2026, 10, 20, 1, 2, 3));
    const { userId, withdrawalId } = await aWithdrawal();
    await payWithdrawal(
      { db: db(), transfers: createLocalBankTransfers(file, clock), clock },
      withdrawalId,
    );
    const journal = await db()
      .selectFrom('journal')
      .select('created_at')
      .where('reference', '=', `withdrawal:${withdrawalId}`)
      .executeTakeFirstOrThrow();
    const message = await db()
      .selectFrom('inbox_message')
      .select('created_at')
      .where('user_id', '=', BigInt(userId))
      .executeTakeFirstOrThrow();
    expect([journal.created_at, message.created_at]).toEqual([
      BigInt(clock.nowMs()),
      BigInt(clock.nowMs()),
    ]);
    expect(sentLines(file)).toMatchObject([{ sentAt: clock.nowMs() }]);
  });

  it('a refusal in a job fails it once, unretried, and returns the money; a transient error is retried and pays', async () => {
    const local = createLocalBankTransfers(join(dir, 'retries.jsonl'));
    const calls = new Map<string, number>();
    const refused = new Set<string>();
    const transfers: BankTransferProvider = {
      send: (t) => {
        const n = (calls.get(t.idempotencyKey) ?? 0) + 1;
        calls.set(t.idempotencyKey, n);
        if (refused.has(t.idempotencyKey)) return Promise.reject(new Refusal('card_not_found'));
        return n === 1 ? Promise.reject(new Error('bank timeout')) : local.send(t);
      },
    };
    const payouts = await startWithdrawalPayouts({
      db: db(),
      redis,
      redisPrefix: prefix,
      transfers,
      emitter: createAccountEmitter(redis, prefix, db()),
      logger: createLogger('silent', 'test'),
    });
    const queue = new Queue(queueName('withdrawal-payout', prefix), {
      connection: redis.duplicate({ maxRetriesPerRequest: null }),
    });
    try {
      const refusal = await aWithdrawal();
      const transient = await aWithdrawal();
      refused.add(payoutKey(refusal.withdrawalId));
      for (const { withdrawalId } of [refusal, transient]) {
        const job = withdrawalPayoutJob(withdrawalId);
        await queue.add(job.name, job.data, job.opts);
      }
      const jobOf = async (id: number) => queue.getJob(withdrawalPayoutJobId(id));
      await expect
        .poll(async () => (await jobOf(transient.withdrawalId))?.finishedOn, { timeout: 15_000 })
        .toBeDefined();
      await expect
        .poll(async () => (await jobOf(refusal.withdrawalId))?.finishedOn, { timeout: 15_000 })
        .toBeDefined();
      const refusedJob = await jobOf(refusal.withdrawalId);
      expect([await refusedJob?.getState(), refusedJob?.attemptsMade]).toEqual(['failed', 1]);
      expect(refusedJob?.failedReason).toBe('card_not_found');
      expect(calls.get(payoutKey(refusal.withdrawalId))).toBe(1);
      expect(await withdrawalRow(refusal.withdrawalId)).toMatchObject({
        status: 'failed',
        payout_reference: null,
      });
      expect([
        await cashBalance(db(), refusal.userId, 'JPY'),
        await holdOf(refusal.userId),
      ]).toEqual([300_000n, 0n]);
      const retriedJob = await jobOf(transient.withdrawalId);
      expect([await retriedJob?.getState(), retriedJob?.attemptsMade]).toEqual(['completed', 2]);
      expect((await withdrawalRow(transient.withdrawalId)).status).toBe('paid');
    } finally {
      await queue.close();
      await payouts.stop();
    }
    expect((await reconcile(db())).breaches).toEqual([]);
  });
});
