import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'kysely';
import { platformAccount, transfer, userAccount, type Posting } from '../src/domain/index.ts';
import { Refusal, systemClock } from '../src/contracts/index.ts';
import {
  cashBalance,
  journalSequencerOf,
  postJournal,
  reconcile,
  userBalances,
  writeTransaction,
  type Db,
  type DbTarget,
  type WriteTrx,
} from '../src/db/index.ts';
import {
  aUser,
  makeTestDb,
  pauseAfterLedgerUpdates,
  untilWaiting,
  withLedgerUpdatePause,
  type TestDb,
} from '../src/testing/index.ts';

const system = { type: 'system', id: 'test' } as const;
/**
 * The journals' time: the machine's, as before `postJournal` took it explicitly, because reconcile's
 * numbering grace (I9, PostgreSQL) reads the machine's clock.
 */
const clock = systemClock;
let testDb: TestDb;
let db: Db;
/** makeTestDb's choice: PostgreSQL under DATABASE_URL, else SQLite (known before the tests are collected). */
const ON_POSTGRES = Boolean(process.env['DATABASE_URL']);

beforeAll(async () => {
  testDb = await makeTestDb();
  db = testDb.db;
});
afterAll(async () => testDb.cleanup());

function grant(userId: number, amountMinor: bigint): Promise<bigint> {
  return writeTransaction(db, (trx) =>
    postJournal(
      trx,
      {
        kind: 'paper_grant',
        memo: 'test grant',
        actor: system,
        postings: transfer({
          from: platformAccount('platform:paper_grant', 'JPY'),
          to: userAccount(userId, 'cash', 'JPY'),
          amountMinor,
        }),
      },
      clock.nowMs(),
    ),
  );
}

async function journalCount(): Promise<bigint> {
  const row = await db
    .selectFrom('journal')
    .select(sql<bigint>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

describe('postJournal', () => {
  it('when a grant is posted, the user sees it and the ledger reconciles', async () => {
    const userId = await aUser(db);
    await grant(userId, 10_000n);
    expect(await cashBalance(db, userId, 'JPY')).toBe(10_000n);
    expect((await reconcile(db)).breaches).toEqual([]);
  });

  it('when a debit would take cash below zero, refuses with balance_insufficient and changes nothing', async () => {
    const userId = await aUser(db);
    await grant(userId, 100n);
    const before = await journalCount();
    const overspend = writeTransaction(db, (trx) =>
      postJournal(
        trx,
        {
          kind: 'withdrawal_hold',
          memo: 'too much',
          actor: { type: 'user', id: userId },
          postings: transfer({
            from: userAccount(userId, 'cash', 'JPY'),
            to: userAccount(userId, 'hold:withdrawal', 'JPY'),
            amountMinor: 101n,
          }),
        },
        clock.nowMs(),
      ),
    );
    await expect(overspend).rejects.toBeInstanceOf(Refusal);
    await expect(overspend).rejects.toMatchObject({ msg: 'balance_insufficient' });
    expect(await cashBalance(db, userId, 'JPY')).toBe(100n);
    expect(await journalCount()).toBe(before);
    expect(
      (await userBalances(db, userId)).find((b) => b.kind === 'hold:withdrawal')?.amountMinor ?? 0n,
    ).toBe(0n);
  });

  it('when postings do not balance, refuses before writing', async () => {
    const userId = await aUser(db);
    const before = await journalCount();
    await expect(
      writeTransaction(db, (trx) =>
        postJournal(
          trx,
          {
            kind: 'deposit',
            memo: 'unbalanced',
            actor: system,
            postings: [
              { account: userAccount(userId, 'cash', 'JPY'), amountMinor: 5n },
              { account: platformAccount('platform:bank', 'JPY'), amountMinor: -4n },
            ],
          },
          clock.nowMs(),
        ),
      ),
    ).rejects.toThrow(/sum to 1/);
    expect(await journalCount()).toBe(before);
  });

  it('when a balance is edited behind the ledger, reconcile reports the breach', async () => {
    const other = await makeTestDb();
    try {
      const userId = await aUser(other.db);
      await writeTransaction(other.db, (trx) =>
        postJournal(
          trx,
          {
            kind: 'paper_grant',
            memo: 'g',
            actor: system,
            postings: transfer({
              from: platformAccount('platform:paper_grant', 'JPY'),
              to: userAccount(userId, 'cash', 'JPY'),
              amountMinor: 50n,
            }),
          },
          clock.nowMs(),
        ),
      );
      await other.db
        .updateTable('ledger_account')
        .set({ balance: 999n })
        .where('owner_key', '=', `u:${userId}`)
        .execute();
      const invariants = (await reconcile(other.db)).breaches.map((b) => b.invariant);
      expect(invariants).toContain(
        'I3 balance equals the sum of its postings and its newest balance_after',
      );
      expect(invariants).toContain('I2 conservation per currency');
    } finally {
      await other.cleanup();
    }
  });
});

type Step =
  | { op: 'grant'; user: number; amount: bigint; currency: 'JPY' | 'USD' }
  | { op: 'hold'; user: number; amount: bigint; currency: 'JPY' | 'USD' }
  | { op: 'release'; user: number; amount: bigint; currency: 'JPY' | 'USD' }
  | { op: 'fee'; user: number; amount: bigint; currency: 'JPY' | 'USD' };

function postingsFor(step: Step, userIds: number[]): Posting[] {
  const userId = userIds[step.user] ?? 0;
  const cash = userAccount(userId, 'cash', step.currency);
  const hold = userAccount(userId, 'hold:order', step.currency);
  switch (step.op) {
    case 'grant':
      return transfer({
        from: platformAccount('platform:paper_grant', step.currency),
        to: cash,
        amountMinor: step.amount,
      });
    case 'hold':
      return transfer({ from: cash, to: hold, amountMinor: step.amount });
    case 'release':
      return transfer({ from: hold, to: cash, amountMinor: step.amount });
    case 'fee':
      return transfer({
        from: cash,
        to: platformAccount('platform:fees', step.currency),
        amountMinor: step.amount,
      });
  }
}

describe('write transactions that arrive together (group commit on SQLite)', () => {
  it('when one of many concurrent transactions fails after writing, only its writes are undone and the rest commit', async () => {
    const userId = await aUser(db);
    const before = await journalCount();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, index) =>
        writeTransaction(db, async (trx) => {
          const journalId = await postJournal(
            trx,
            {
              kind: 'paper_grant',
              memo: `grant ${index}`,
              actor: system,
              postings: transfer({
                from: platformAccount('platform:paper_grant', 'JPY'),
                to: userAccount(userId, 'cash', 'JPY'),
                amountMinor: 100n,
              }),
            },
            clock.nowMs(),
          );
          if (index === 7) throw new Refusal('invalid_param');
          return journalId;
        }),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(19);
    expect(outcomes[7]).toMatchObject({ status: 'rejected', reason: { msg: 'invalid_param' } });
    expect(await cashBalance(db, userId, 'JPY')).toBe(1_900n);
    expect(await journalCount()).toBe(before + 19n);
    const ids = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
    expect(new Set(ids).size).toBe(19);
    expect((await reconcile(db)).breaches).toEqual([]);
  });
});

describe('ledger property: random journal sequences keep every invariant', () => {
  it('after every step, I1-I4 and I9 hold and balances match an independent model', async () => {
    const stepArb = fc.record({
      op: fc.constantFrom('grant', 'hold', 'release', 'fee' as const),
      user: fc.integer({ min: 0, max: 2 }),
      amount: fc.bigInt({ min: 1n, max: 5_000n }),
      currency: fc.constantFrom('JPY', 'USD' as const),
    }) as fc.Arbitrary<Step>;
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 25 }), async (steps) => {
        const run = await makeTestDb();
        try {
          const users = [await aUser(run.db), await aUser(run.db), await aUser(run.db)];
          const model = new Map<string, bigint>(); // the auditor: expected user balances
          for (const step of steps) {
            const key = (kind: string) => `${step.user}:${kind}:${step.currency}`;
            const cash = model.get(key('cash')) ?? 0n;
            const hold = model.get(key('hold')) ?? 0n;
            const from = step.op === 'release' ? hold : cash;
            const affordable = step.op === 'grant' || from >= step.amount;
            const attempt = writeTransaction(run.db, (trx) =>
              postJournal(
                trx,
                {
                  kind: 'fee',
                  memo: step.op,
                  actor: system,
                  postings: postingsFor(step, users),
                },
                clock.nowMs(),
              ),
            );
            if (!affordable) {
              await expect(attempt).rejects.toMatchObject({ msg: 'balance_insufficient' });
            } else {
              await attempt;
              if (step.op === 'grant') model.set(key('cash'), cash + step.amount);
              if (step.op === 'hold') {
                model.set(key('cash'), cash - step.amount);
                model.set(key('hold'), hold + step.amount);
              }
              if (step.op === 'release') {
                model.set(key('cash'), cash + step.amount);
                model.set(key('hold'), hold - step.amount);
              }
              if (step.op === 'fee') model.set(key('cash'), cash - step.amount);
            }
            expect((await reconcile(run.db)).breaches).toEqual([]);
          }
          for (const [index, userId] of users.entries()) {
            for (const line of await userBalances(run.db, userId)) {
              const kind = line.kind === 'cash' ? 'cash' : 'hold';
              expect(line.amountMinor).toBe(model.get(`${index}:${kind}:${line.currency}`) ?? 0n);
            }
          }
        } finally {
          await run.cleanup();
        }
      }),
      { numRuns: process.env['DATABASE_URL'] ? 15 : 40 },
    );
  }, 120_000);
});

describe('concurrent debits on one account', () => {
  it('when 50 holds race from two processes against funds for 17, exactly 17 succeed and cash never goes negative', async () => {
    const userId = await aUser(db);
    await grant(userId, 1_700n);
    const hold = () =>
      writeTransaction(db, (trx) =>
        postJournal(
          trx,
          {
            kind: 'order_hold',
            memo: 'race',
            actor: { type: 'user', id: userId },
            postings: transfer({
              from: userAccount(userId, 'cash', 'JPY'),
              to: userAccount(userId, 'hold:order', 'JPY'),
              amountMinor: 100n,
            }),
          },
          clock.nowMs(),
        ),
      );
    const other = runRacer(testDb.target, userId, 25);
    const local = await Promise.allSettled(Array.from({ length: 25 }, hold));
    const remote = await other;
    const localRefusals = local.flatMap((r) =>
      r.status === 'rejected' ? [(r.reason as Refusal).msg] : [],
    );
    expect(local.length - localRefusals.length + remote.ok).toBe(17);
    expect(new Set([...localRefusals, ...remote.refusals])).toEqual(
      new Set(['balance_insufficient']),
    );
    expect(await cashBalance(db, userId, 'JPY')).toBe(0n);
    expect((await reconcile(db)).breaches).toEqual([]);
  });
});

describe('the first postings to a new account, at once', () => {
  const onPostgres = Boolean(process.env['DATABASE_URL']);
  const credit = (on: Db, userId: number, slow: boolean) =>
    writeTransaction(on, async (trx) => {
      if (slow) await pauseAfterLedgerUpdates(trx);
      return postJournal(
        trx,
        {
          kind: 'paper_grant',
          memo: 'first use',
          actor: system,
          postings: transfer({
            from: platformAccount('platform:paper_grant', 'JPY'),
            to: userAccount(userId, 'hold:order', 'JPY'),
            amountMinor: 100n,
          }),
        },
        clock.nowMs(),
      );
    });

  // PostgreSQL: a transaction whose update found no row can then see the row another transaction
  // created and committed meanwhile; its credit must land, not be refused as short. (Seen in CI:
  // three settlements paying the first JPY forced-close fee at once.) A statement trigger holds the
  // slow transaction just after its update, so the other one commits in exactly that gap.
  it.skipIf(!onPostgres)(
    'when another transaction creates and credits the account between this one’s update and its look-up, both credits land',
    async () => {
      await withLedgerUpdatePause(db, async () => {
        const userId = await aUser(db);
        const slow = credit(testDb.openAnother(), userId, true);
        await untilWaiting(db, 'sleep'); // the slow one is paused just after its update
        await credit(testDb.openAnother(), userId, false);
        await slow;
        const lines = await userBalances(db, userId);
        expect(lines.find((b) => b.kind === 'hold:order')?.amountMinor).toBe(200n);
        expect((await reconcile(db)).breaches).toEqual([]);
      });
    },
  );

  it('when 8 transactions credit a brand-new account together, 20 times over, every credit lands', async () => {
    const pools = [db, testDb.openAnother(), testDb.openAnother(), testDb.openAnother()];
    for (let round = 0; round < 20; round++) {
      const userId = await aUser(db);
      await Promise.all(
        Array.from({ length: 8 }, (_, k) => credit(pools[k % pools.length] as Db, userId, false)),
      );
      const lines = await userBalances(db, userId);
      expect(lines.find((b) => b.kind === 'hold:order')?.amountMinor).toBe(800n);
    }
    expect((await reconcile(db)).breaches).toEqual([]);
  });
});

describe('journal numbering (I9)', () => {
  async function numbers(): Promise<Array<{ id: bigint; seq: bigint | null }>> {
    const rows = await db.selectFrom('journal').select(['id', 'seq']).orderBy('id').execute();
    return rows.map((r) => ({ id: BigInt(r.id), seq: r.seq === null ? null : BigInt(r.seq) }));
  }

  it('when journals commit concurrently and some roll back, the committed ones are numbered 1..n without a gap', async () => {
    const userId = await aUser(db);
    const failing = () =>
      writeTransaction(db, async (trx) => {
        await postJournal(
          trx,
          {
            kind: 'paper_grant',
            memo: 'rolled back',
            actor: system,
            postings: transfer({
              from: platformAccount('platform:paper_grant', 'JPY'),
              to: userAccount(userId, 'cash', 'JPY'),
              amountMinor: 1n,
            }),
          },
          clock.nowMs(),
        );
        throw new Refusal('invalid_param');
      });
    const results = await Promise.allSettled([
      ...Array.from({ length: 20 }, () => grant(userId, 10n)),
      ...Array.from({ length: 5 }, failing),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(20);
    await journalSequencerOf(db).settled();
    expect((await reconcile(db)).breaches).toEqual([]);
    const seqs = (await numbers()).map((r) => r.seq);
    expect(seqs).not.toContain(null);
    expect([...seqs].sort((a, b) => Number((a as bigint) - (b as bigint)))).toEqual(
      seqs.map((_, i) => BigInt(i + 1)),
    );
    expect(await cashBalance(db, userId, 'JPY')).toBe(200n);
  });

  it.skipIf(!ON_POSTGRES)(
    'on PostgreSQL, a journal a crashed process committed but never numbered gets its number with the next commit',
    async () => {
      const userId = await aUser(db);
      await grant(userId, 100n);
      await journalSequencerOf(db).settled();
      // What a process that died between COMMIT and its sequencer round leaves: a committed journal without seq.
      const orphan = await writeTransaction(db, (trx) =>
        postJournal(
          trx,
          {
            kind: 'order_hold',
            memo: 'orphan',
            actor: { type: 'user', id: userId },
            postings: transfer({
              from: userAccount(userId, 'cash', 'JPY'),
              to: userAccount(userId, 'hold:order', 'JPY'),
              amountMinor: 10n,
            }),
          },
          clock.nowMs(),
        ),
      );
      await journalSequencerOf(db).settled();
      await db
        .updateTable('ledger_sequence')
        .set({ last_seq: sql`last_seq - 1` })
        .where('id', '=', 1n)
        .execute();
      await db.updateTable('journal').set({ seq: null }).where('id', '=', orphan).execute();
      const stale = await sql<{
        n: string;
      }>`select count(*) as n from journal where seq is null`.execute(db);
      expect(Number(stale.rows[0]?.n)).toBe(1);
      const next = await grant(userId, 5n);
      await journalSequencerOf(db).settled();
      const rows = await numbers();
      const orphanSeq = rows.find((r) => r.id === orphan)?.seq ?? null;
      const nextSeq = rows.find((r) => r.id === next)?.seq ?? null;
      expect(orphanSeq).not.toBeNull();
      expect(nextSeq).toBe((orphanSeq as bigint) + 1n);
      expect((await reconcile(db)).breaches).toEqual([]);
    },
  );

  it.skipIf(!ON_POSTGRES)(
    'on PostgreSQL, a journal that commits after a later one is numbered after it, and neither waits for the other',
    async () => {
      const [first, second] = [await aUser(db), await aUser(db)];
      await grant(first, 100n);
      await grant(second, 100n);
      const holdFor = (userId: number, trx: WriteTrx) =>
        postJournal(
          trx,
          {
            kind: 'order_hold',
            memo: 'hold',
            actor: { type: 'user', id: userId },
            postings: transfer({
              from: userAccount(userId, 'cash', 'JPY'),
              to: userAccount(userId, 'hold:order', 'JPY'),
              amountMinor: 10n,
            }),
          },
          clock.nowMs(),
        );
      let release!: () => void;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      let earlyId = 0n;
      let held!: () => void;
      const earlyHeld = new Promise<void>((resolve) => (held = resolve));
      const early = writeTransaction(db, async (trx) => {
        earlyId = await holdFor(first, trx);
        held();
        await gate;
      });
      await earlyHeld;
      const lateId = await writeTransaction(db, (trx) => holdFor(second, trx));
      await journalSequencerOf(db).settled();
      const late = (await numbers()).find((r) => r.id === lateId);
      expect(late?.seq).not.toBeNull();
      expect(lateId).toBeGreaterThan(earlyId);
      release();
      await early;
      await journalSequencerOf(db).settled();
      const earlyRow = (await numbers()).find((r) => r.id === earlyId);
      expect(earlyRow?.seq).toBe((late?.seq ?? 0n) + 1n);
      expect((await reconcile(db)).breaches).toEqual([]);
    },
  );
});

function runRacer(
  target: DbTarget,
  userId: number,
  attempts: number,
): Promise<{ ok: number; refusals: string[] }> {
  return new Promise((resolve, reject) => {
    const script = fileURLToPath(new URL('./fixtures/hold-racer.ts', import.meta.url));
    execFile(
      process.execPath,
      ['--import', 'tsx', script, JSON.stringify(target), String(userId), String(attempts), '100'],
      { timeout: 60_000 },
      (error, stdout, stderr) =>
        error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(JSON.parse(stdout)),
    );
  });
}
