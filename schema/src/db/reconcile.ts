import { sql } from 'kysely';
import { OPEN_WITHDRAWAL_STATUSES } from '../domain/index.ts';
import type { Db } from './create-db.ts';
import { dialectOf } from './dialect.ts';
import { sequenceJournals } from './journal-sequencer.ts';
import { MODULE_WIRING } from '../modules/wiring.ts';
import type { ModuleWiring } from '../modules/define-wiring.ts';

export interface Breach {
  readonly invariant: string;
  readonly detail: string;
}

export interface ReconcileReport {
  readonly journals: number;
  readonly accounts: number;
  readonly breaches: readonly Breach[];
}

async function unbalancedJournals(db: Db): Promise<Breach[]> {
  const rows = await db
    .selectFrom('posting')
    .select([
      'journal_id',
      'currency',
      sql<bigint>`sum(amount)`.as('total'),
      sql<bigint>`count(*)`.as('legs'),
    ])
    .groupBy(['journal_id', 'currency'])
    .having(sql`sum(amount)`, '<>', 0)
    .execute();
  return rows.map((r) => ({
    invariant: 'I1 journal balances per currency',
    detail: `journal ${r.journal_id} ${r.currency} sums to ${r.total}`,
  }));
}

async function conservation(db: Db): Promise<Breach[]> {
  const rows = await db
    .selectFrom('ledger_account')
    .select(['currency', sql<bigint>`sum(balance)`.as('total')])
    .groupBy('currency')
    .having(sql`sum(balance)`, '<>', 0)
    .execute();
  return rows.map((r) => ({
    invariant: 'I2 conservation per currency',
    detail: `${r.currency} balances sum to ${r.total}`,
  }));
}

/**
 * I3: each account's balance is the sum of its postings, and its newest posting recorded that
 * balance as its `balance_after` (what the statement shows).
 */
async function derivedBalances(db: Db): Promise<Breach[]> {
  const rows = await db
    .selectFrom('ledger_account as a')
    .leftJoin(
      db
        .selectFrom('posting')
        .select([
          'account_id',
          sql<bigint>`sum(amount)`.as('total'),
          sql<bigint>`max(id)`.as('last_id'),
        ])
        .groupBy('account_id')
        .as('p'),
      'p.account_id',
      'a.id',
    )
    .leftJoin('posting as last', 'last.id', 'p.last_id')
    .select(['a.id', 'a.balance', 'p.total', 'last.balance_after'])
    .where((eb) =>
      eb.or([
        eb(sql`a.balance`, '<>', sql`coalesce(p.total, 0)`),
        eb(sql`a.balance`, '<>', sql`coalesce(last.balance_after, 0)`),
      ]),
    )
    .execute();
  return rows.map((r) => ({
    invariant: 'I3 balance equals the sum of its postings and its newest balance_after',
    detail: `account ${r.id} balance ${r.balance} but postings ${r.total ?? 0n}, newest balance_after ${r.balance_after ?? 0n}`,
  }));
}

async function negatives(db: Db): Promise<Breach[]> {
  const rows = await db
    .selectFrom('ledger_account')
    .select(['id', 'owner_key', 'kind', 'currency', 'balance'])
    .where('allow_negative', '=', 0n)
    .where('balance', '<', 0n)
    .execute();
  return rows.map((r) => ({
    invariant: 'I4 no negative user cash or hold',
    detail: `${r.owner_key} ${r.kind} ${r.currency} is ${r.balance}`,
  }));
}

/**
 * Each user's withdrawal hold is exactly their open withdrawals (pending, approved, sending): a
 * withdrawal paid, rejected or failed without its journal, or a hold without its withdrawal, keeps
 * the ledger balanced yet leaves the user's money stuck or gone.
 */
async function withdrawalHolds(db: Db): Promise<Breach[]> {
  const holds = await db
    .selectFrom('ledger_account')
    .select(['owner_key', 'currency', 'balance'])
    .where('kind', '=', 'hold:withdrawal')
    .execute();
  const open = await db
    .selectFrom('withdrawal')
    .select(['user_id', 'currency', sql<bigint>`sum(amount)`.as('total')])
    .where('status', 'in', OPEN_WITHDRAWAL_STATUSES)
    .groupBy(['user_id', 'currency'])
    .execute();
  const held = new Map(holds.map((h) => [`${h.owner_key} ${h.currency}`, BigInt(h.balance)]));
  const owed = new Map(open.map((w) => [`u:${w.user_id} ${w.currency}`, BigInt(w.total)]));
  return [...new Set([...held.keys(), ...owed.keys()])]
    .filter((key) => (held.get(key) ?? 0n) !== (owed.get(key) ?? 0n))
    .map((key) => ({
      invariant: 'I5 withdrawal hold equals the open withdrawals',
      detail: `${key} hold ${held.get(key) ?? 0n} but open withdrawals ${owed.get(key) ?? 0n}`,
    }));
}

/** A journal committed this long ago must have its number; younger ones may still be waiting for it. */
const NUMBERING_GRACE_MS = 60_000;

async function journalSequence(db: Db): Promise<Breach[]> {
  const stats = await db
    .selectFrom('journal')
    .select([
      sql<bigint>`count(seq)`.as('n'),
      sql<bigint | null>`max(seq)`.as('maxSeq'),
      sql<bigint | null>`min(seq)`.as('minSeq'),
    ])
    .executeTakeFirstOrThrow();
  const counter = await db
    .selectFrom('ledger_sequence')
    .select('last_seq')
    .executeTakeFirstOrThrow();
  const breaches: Breach[] = [];
  const n = BigInt(stats.n);
  const maxSeq = stats.maxSeq === null ? 0n : BigInt(stats.maxSeq);
  if (
    n !== maxSeq ||
    (n > 0n && BigInt(stats.minSeq ?? 0) !== 1n) ||
    BigInt(counter.last_seq) !== maxSeq
  ) {
    breaches.push({
      invariant: 'I9 gapless journal sequence',
      detail: `${n} numbered journals, seq ${stats.minSeq ?? '-'}..${maxSeq}, counter at ${counter.last_seq}`,
    });
  }
  const unnumbered = await db
    .selectFrom('journal')
    .select('id')
    .where('seq', 'is', null)
    .where('created_at', '<', BigInt(Date.now() - NUMBERING_GRACE_MS))
    .limit(10)
    .execute();
  for (const row of unnumbered) {
    breaches.push({
      invariant: 'I9 gapless journal sequence',
      detail: `journal ${row.id} has no number`,
    });
  }
  const lonely = await db
    .selectFrom('journal as j')
    .select('j.id')
    .where((eb) =>
      eb(
        eb
          .selectFrom('posting')
          .select(sql<bigint>`count(*)`.as('c'))
          .whereRef('posting.journal_id', '=', 'j.id'),
        '<',
        2n,
      ),
    )
    .execute();
  for (const row of lonely) {
    breaches.push({ invariant: 'I1 journal has two or more legs', detail: `journal ${row.id}` });
  }
  return breaches;
}

/**
 * One snapshot for every read of `read`. Several checks compare two reads (the numbered journals
 * and the counter, a hold and what it is for): under READ COMMITTED, or SQLite statements outside
 * a transaction, each read sees what committed before it, so a commit between the two (a journal
 * numbered, a settlement releasing its hold) read as a breach of a ledger consistent all along.
 * PostgreSQL: REPEATABLE READ, read only; SQLite: a deferred transaction reads one WAL snapshot.
 */
function inOneSnapshot<T>(db: Db, read: (snapshot: Db) => Promise<T>): Promise<T> {
  const transaction = db.transaction();
  if (dialectOf(db) !== 'postgres') return transaction.execute(read);
  return transaction.setIsolationLevel('repeatable read').setAccessMode('read only').execute(read);
}

/** Each module's own invariants (`reconcile` in its wiring), in `MODULE_WIRING` order. */
async function moduleInvariants(db: Db): Promise<Breach[]> {
  const breaches: Breach[] = [];
  for (const wiring of MODULE_WIRING as readonly ModuleWiring[]) {
    for (const check of wiring.reconcile ?? []) breaches.push(...(await check(db)));
  }
  return breaches;
}

async function checkAll(db: Db): Promise<ReconcileReport> {
  const breaches = [
    ...(await unbalancedJournals(db)),
    ...(await conservation(db)),
    ...(await derivedBalances(db)),
    ...(await negatives(db)),
    ...(await withdrawalHolds(db)),
    ...(await moduleInvariants(db)),
    ...(await journalSequence(db)),
  ];
  const journals = await db
    .selectFrom('journal')
    .select(sql<bigint>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  const accounts = await db
    .selectFrom('ledger_account')
    .select(sql<bigint>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return { journals: Number(journals.n), accounts: Number(accounts.n), breaches };
}

/**
 * Checks the invariants of DESIGN.md section 3 on a live database: numbers the journals waiting
 * for their number first (a write of its own), then reads everything in one snapshot.
 */
export async function reconcile(db: Db): Promise<ReconcileReport> {
  await sequenceJournals(db);
  return inOneSnapshot(db, checkAll);
}
