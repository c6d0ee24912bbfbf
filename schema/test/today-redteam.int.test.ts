import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../src/contracts/index.ts';
import { platformAccount, transfer, userAccount } from '../src/domain/index.ts';
import {
  journalSequencerOf,
  postJournal,
  reconcile,
  userBalances,
  writeTransaction,
  type Db,
} from '../src/db/index.ts';
import {
  aUser,
  makeTestDb,
  pauseAfterLedgerUpdates,
  untilWaiting,
  withLedgerUpdatePause,
  type TestDb,
} from '../src/testing/index.ts';

// Red team of decisions 73 (a posting that missed its account retries once) and 74 (reconcile
// reads one snapshot), with real SQLite files and, under DATABASE_URL, real PostgreSQL.

const system = { type: 'system', id: 'test' } as const;
/**
 * The journals' time: the machine's, as before `postJournal` took it explicitly, because reconcile's
 * numbering grace (I9, PostgreSQL) reads the machine's clock.
 */
const clock = systemClock;
const onPostgres = Boolean(process.env['DATABASE_URL']);
let testDb: TestDb;
let db: Db;

beforeAll(async () => {
  testDb = await makeTestDb();
  db = testDb.db;
});
afterAll(async () => testDb.cleanup());

const grantTo = (on: Db, userId: number, kind: 'cash' | 'hold:order', amountMinor: bigint) =>
  writeTransaction(on, (trx) =>
    postJournal(
      trx,
      {
        kind: 'paper_grant',
        memo: 'grant',
        actor: system,
        postings: transfer({
          from: platformAccount('platform:paper_grant', 'JPY'),
          to: userAccount(userId, kind, 'JPY'),
          amountMinor,
        }),
      },
      clock.nowMs(),
    ),
  );

/** hold:order → cash, optionally paused (PostgreSQL trigger) right after each ledger update. */
const debitHold = (on: Db, userId: number, amountMinor: bigint, slow = false) =>
  writeTransaction(on, async (trx) => {
    if (slow) await pauseAfterLedgerUpdates(trx);
    return postJournal(
      trx,
      {
        kind: 'order_hold',
        memo: 'debit',
        actor: { type: 'user', id: userId },
        postings: transfer({
          from: userAccount(userId, 'hold:order', 'JPY'),
          to: userAccount(userId, 'cash', 'JPY'),
          amountMinor,
        }),
      },
      clock.nowMs(),
    );
  });

const balanceOf = async (on: Db, userId: number, kind: string) =>
  (await userBalances(on, userId)).find((b) => b.kind === kind)?.amountMinor ?? 0n;

describe('postToAccount retry (decision 73)', () => {
  it('when the first posting to a brand-new user account is a debit, it is refused and nothing goes negative', async () => {
    const userId = await aUser(db);
    await expect(debitHold(db, userId, 1n)).rejects.toMatchObject({ msg: 'balance_insufficient' });
    expect(await balanceOf(db, userId, 'hold:order')).toBe(0n);
    expect(await balanceOf(db, userId, 'cash')).toBe(0n);
    expect((await reconcile(db)).breaches).toEqual([]);
  });

  it('when a brand-new allow_negative platform account is debited first, the debit is applied exactly once', async () => {
    const userId = await aUser(db);
    const before = await db
      .selectFrom('ledger_account')
      .select('balance')
      .where('owner_key', '=', 'platform')
      .where('kind', '=', 'platform:paper_grant')
      .where('currency', '=', 'USD')
      .executeTakeFirst();
    await writeTransaction(db, (trx) =>
      postJournal(
        trx,
        {
          kind: 'paper_grant',
          memo: 'first USD grant',
          actor: system,
          postings: transfer({
            from: platformAccount('platform:paper_grant', 'USD'),
            to: userAccount(userId, 'cash', 'USD'),
            amountMinor: 700n,
          }),
        },
        clock.nowMs(),
      ),
    );
    const after = await db
      .selectFrom('ledger_account')
      .select('balance')
      .where('owner_key', '=', 'platform')
      .where('kind', '=', 'platform:paper_grant')
      .where('currency', '=', 'USD')
      .executeTakeFirstOrThrow();
    expect(BigInt(after.balance) - BigInt(before?.balance ?? 0n)).toBe(-700n);
    expect((await reconcile(db)).breaches).toEqual([]);
  });

  // Two debits each find no account (update misses), pause, and meanwhile a credit creates the
  // account and commits 100: both retry, and only one of them may take the 100.
  it.skipIf(!onPostgres)(
    'when two debits of a not-yet-created account retry after a credit of exactly one of them commits, one lands and the account never goes negative',
    async () => {
      await withLedgerUpdatePause(db, async () => {
        const userId = await aUser(db);
        const slow = [
          debitHold(testDb.openAnother(), userId, 100n, true),
          debitHold(testDb.openAnother(), userId, 100n, true),
        ];
        await untilWaiting(db, 'sleep', 2); // both paused just after their updates missed
        await grantTo(testDb.openAnother(), userId, 'hold:order', 100n);
        const outcomes = await Promise.allSettled(slow);
        expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
        expect(outcomes.find((o) => o.status === 'rejected')).toMatchObject({
          reason: { msg: 'balance_insufficient' },
        });
        expect(await balanceOf(db, userId, 'hold:order')).toBe(0n);
        expect(await balanceOf(db, userId, 'cash')).toBe(100n);
        expect((await reconcile(db)).breaches).toEqual([]);
      });
    },
  );

  it('when credits and debits of brand-new accounts race from several pools, no account goes negative and every success is counted once', async () => {
    const pools = [db, testDb.openAnother(), testDb.openAnother()];
    for (let round = 0; round < 10; round++) {
      const userId = await aUser(db);
      const work = [
        grantTo(pools[0] as Db, userId, 'hold:order', 300n),
        ...Array.from({ length: 6 }, (_, k) =>
          debitHold(pools[k % pools.length] as Db, userId, 100n),
        ),
      ];
      const outcomes = await Promise.allSettled(work);
      expect(outcomes[0]?.status).toBe('fulfilled');
      const debited = BigInt(outcomes.slice(1).filter((o) => o.status === 'fulfilled').length);
      expect(debited).toBeLessThanOrEqual(3n);
      expect(await balanceOf(db, userId, 'hold:order')).toBe(300n - 100n * debited);
      expect(await balanceOf(db, userId, 'cash')).toBe(100n * debited);
    }
    expect((await reconcile(db)).breaches).toEqual([]);
  });
});

describe('reconcile in one snapshot (decision 74) beside writers of the same process', () => {
  it('when reconcile runs while 40 writes of the same process are in flight, every write commits, reconcile ends and finds no breach', async () => {
    const userId = await aUser(db);
    await grantTo(db, userId, 'cash', 10_000n);
    const writes = Array.from({ length: 40 }, () => grantTo(db, userId, 'hold:order', 10n));
    const reports = await Promise.all([reconcile(db), reconcile(db), reconcile(db)]);
    const ids = await Promise.all(writes);
    expect(new Set(ids).size).toBe(40);
    for (const report of reports) expect(report.breaches).toEqual([]);
    if (onPostgres) await journalSequencerOf(db).settled();
    expect((await reconcile(db)).breaches).toEqual([]);
  }, 30_000);

  it('when reconcile runs from another connection while the writers and, on PostgreSQL, the sequencer run, it finds no breach', async () => {
    const other = testDb.openAnother();
    const userId = await aUser(db);
    const writes = Array.from({ length: 30 }, () => grantTo(db, userId, 'cash', 10n));
    const reports: Awaited<ReturnType<typeof reconcile>>[] = [];
    for (let i = 0; i < 5; i++) reports.push(await reconcile(other));
    await Promise.all(writes);
    for (const report of reports) expect(report.breaches).toEqual([]);
    expect(await balanceOf(db, userId, 'cash')).toBe(300n);
  }, 30_000);
});
