import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../src/contracts/index.ts';
import type { KyselyPlugin, QueryId, RootOperationNode } from 'kysely';
import { platformAccount, transfer, userAccount } from '../src/domain/index.ts';
import {
  intradayHoldPostings,
  intradayReleasePostings,
} from '../src/modules/intraday/domain/settlement.ts';
import {
  advance,
  insertApplication,
  journalSequencerOf,
  postJournal,
  reconcile,
  sequenceJournals,
  writeTransaction,
  type Db,
} from '../src/db/index.ts';
import { aUser, makeTestDb, type TestDb } from '../src/testing/index.ts';

const system = { type: 'system', id: 'test' } as const;
/**
 * The journals' time: the machine's, as before `postJournal` took it explicitly, because reconcile's
 * numbering grace (I9, PostgreSQL) reads the machine's clock.
 */
const clock = systemClock;
let testDb: TestDb;
let db: Db;

beforeAll(async () => {
  testDb = await makeTestDb();
  db = testDb.db;
});
afterAll(async () => testDb.cleanup());

/** A query as text (bigints as strings), to recognise one statement of reconcile. */
function textOf(node: RootOperationNode): string {
  return JSON.stringify(node, (_, value: unknown) =>
    typeof value === 'bigint' ? String(value) : value,
  );
}

/**
 * `db` as reconcile sees it, with `between` run once right after the first statement whose text
 * contains `marker` has returned: another connection commits exactly between that statement and
 * the next one, the gap a live database may put any commit in. `committed` says it did.
 */
function commitAfter(
  marker: string,
  between: () => Promise<void>,
): { reader: Db; committed: () => boolean } {
  const watched = new Set<QueryId>();
  let done = false;
  const plugin: KyselyPlugin = {
    transformQuery({ node, queryId }) {
      if (!done && textOf(node).includes(marker)) watched.add(queryId);
      return node;
    },
    async transformResult({ queryId, result }) {
      if (!done && watched.has(queryId)) {
        done = true;
        await between();
      }
      return result;
    },
  };
  return { reader: db.withPlugin(plugin), committed: () => done };
}

function grantOn(on: Db, userId: number, amountMinor: bigint): Promise<bigint> {
  return writeTransaction(on, (trx) =>
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

/** An open intraday application of `userId` in JPY with `amount` held; its id. */
async function openApplication(userId: number, amount: bigint): Promise<bigint> {
  const nowMs = Date.now();
  return writeTransaction(db, async (trx) => {
    const id = await insertApplication(trx, {
      userId,
      market: 'JP',
      currency: 'JPY',
      amount,
      buyingPower: amount,
      session: { date: '2026-11-24', opensAtMs: nowMs, closesAtMs: nowMs + 3_600_000 },
      nowMs,
    });
    await postJournal(
      trx,
      {
        kind: 'intraday_hold',
        memo: 'hold',
        actor: system,
        postings: intradayHoldPostings(userId, 'JPY', amount),
      },
      nowMs,
    );
    return id;
  });
}

/** What a settlement does in one transaction: the hold back to cash and the application closed. */
function failApplicationOn(on: Db, userId: number, id: bigint, amount: bigint) {
  return writeTransaction(
    on,
    (trx) =>
      advance(trx, { kind: 'intraday_application', id, userId }, 'applied', 'failed', {
        nowMs: Date.now(),
        journal: {
          kind: 'intraday_release',
          memo: 'release',
          actor: system,
          postings: intradayReleasePostings(userId, 'JPY', amount),
        },
      }),
    { lockUser: userId },
  );
}

// Several checks compare two reads (numbered journals and the counter; holds and what they are
// for). Under READ COMMITTED, or SQLite statements outside a transaction, each read sees every
// commit made before it, so a commit between the two reads was reported as a breach of a ledger
// that was consistent all along. Here another connection commits in exactly that gap.
describe('reconcile on a database that keeps moving', () => {
  it('when a journal is committed and numbered between the numbered journals and the counter are read, no breach', async () => {
    const userId = await aUser(db);
    await grantOn(db, userId, 100n);
    await journalSequencerOf(db).settled();
    const other = testDb.openAnother();
    const { reader, committed } = commitAfter('count(seq)', async () => {
      await grantOn(other, userId, 5n);
      await sequenceJournals(other);
      await journalSequencerOf(other).settled();
    });
    expect((await reconcile(reader)).breaches).toEqual([]);
    expect(committed()).toBe(true);
    expect((await reconcile(db)).breaches).toEqual([]);
  });

  it('when a settlement releases an intraday hold between the holds and the applications are read, no breach', async () => {
    const userId = await aUser(db);
    await grantOn(db, userId, 1_000n);
    const id = await openApplication(userId, 600n);
    await journalSequencerOf(db).settled();
    const other = testDb.openAnother();
    const { reader, committed } = commitAfter('"hold:intraday"', async () => {
      await failApplicationOn(other, userId, id, 600n);
      await journalSequencerOf(other).settled();
    });
    expect((await reconcile(reader)).breaches).toEqual([]);
    expect(committed()).toBe(true);
    expect((await reconcile(db)).breaches).toEqual([]);
  });
});
