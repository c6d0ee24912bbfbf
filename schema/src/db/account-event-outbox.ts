import { sql } from 'kysely';
import type { AccountEventName, AccountEventPayloads } from '../contracts/realtime-events.ts';
import type { Db } from './create-db.ts';
import type { WriteTrx } from './after-commit.ts';
import { dialectOf } from './dialect.ts';
import { preparedQuery } from './prepared-query.ts';
import { writeTransaction } from './write-transaction.ts';

/** Puts one relayed event on the wire (Socket.IO through Redis); throws if it could not. */
/**
 * How a service writes an account event (the gateway's and the workers' writers both offer it):
 * `record` in the transaction that caused the event, relayed after commit; `emit` in a
 * transaction of its own, for a write that has already committed.
 */
export interface AccountEventWriter {
  record<E extends AccountEventName>(
    trx: WriteTrx,
    userId: number,
    event: E,
    payload: AccountEventPayloads[E],
  ): Promise<void>;
  emit<E extends AccountEventName>(
    userId: number,
    event: E,
    payload: AccountEventPayloads[E],
  ): Promise<void>;
}

export type PublishAccountEvent = <E extends AccountEventName>(
  userId: number,
  event: E,
  payload: AccountEventPayloads[E],
  seq: number,
) => void;

/** Events older than this are the sweep's: their own relay died with its process. */
const SWEEP_AFTER_MS = 2_000;

/** Takes the account's next seq: the row lock holds later writers until this commits. */
const takeSeq = preparedQuery((db: Db, userId: bigint) =>
  db
    .insertInto('account_event_seq')
    .values({ user_id: userId, last_seq: 1n })
    .onConflict((conflict) =>
      conflict
        .column('user_id')
        .doUpdateSet({ last_seq: sql<bigint>`account_event_seq.last_seq + 1` }),
    )
    .returning('last_seq'),
);

const insertEvent = preparedQuery(
  (db: Db, userId: bigint, seq: bigint, event: string, payload: string, createdAt: number) =>
    db
      .insertInto('account_event_outbox')
      .values({ user_id: userId, seq, event, payload, created_at: createdAt }),
);

/** PostgreSQL: the account's next seq taken and the event written in one statement. */
const takeSeqAndInsertEvent = preparedQuery(
  (db: Db, userId: bigint, event: string, payload: string, createdAt: number) =>
    db
      .with('next_seq', (qb) =>
        qb
          .insertInto('account_event_seq')
          .values({ user_id: userId, last_seq: 1n })
          .onConflict((conflict) =>
            conflict
              .column('user_id')
              .doUpdateSet({ last_seq: sql<bigint>`account_event_seq.last_seq + 1` }),
          )
          .returning('last_seq'),
      )
      .insertInto('account_event_outbox')
      .values({
        user_id: userId,
        seq: sql<bigint>`(select last_seq from next_seq)`,
        event,
        payload,
        created_at: createdAt,
      })
      .returning('seq'),
);

/** Takes the account's next seq and writes the event in `trx`; returns the seq. */
async function writeEvent(
  trx: Db,
  userId: number,
  event: string,
  payload: string,
  createdAt: number,
): Promise<bigint> {
  if (dialectOf(trx) === 'postgres') {
    const [row] = await takeSeqAndInsertEvent(trx, BigInt(userId), event, payload, createdAt);
    if (!row) throw new Error('account_event_outbox: no row returned');
    return row.seq;
  }
  const seq = await nextSeq(trx, userId);
  await insertEvent(trx, BigInt(userId), seq, event, payload, createdAt);
  return seq;
}

/** Takes the account's next seq in `trx`: the row lock holds later writers until this commits. */
async function nextSeq(trx: Db, userId: number): Promise<bigint> {
  const [row] = await takeSeq(trx, BigInt(userId));
  if (!row) throw new Error('account_event_seq: no row returned');
  return row.last_seq;
}

/**
 * The account-events outbox. `record` writes an event in the transaction that caused it, with the
 * account's durable `seq`, and relays it once that transaction has committed; `sweep` relays what a
 * crash left between commit and relay. Relaying claims rows by deleting them, in seq order, one
 * account at a time per process, so an event goes out once and in order.
 */
export class AccountEventOutbox {
  readonly #db: Db;
  readonly #publish: PublishAccountEvent;
  readonly #waiting = new Set<number>();
  #round: Promise<void> | null = null;
  readonly #nowMs: () => number;

  constructor(db: Db, publish: PublishAccountEvent, nowMs: () => number = Date.now) {
    this.#db = db;
    this.#publish = publish;
    this.#nowMs = nowMs;
  }

  /** Writes the event in `trx`; returns its seq. Relayed after commit, never after a rollback. */
  async record<E extends AccountEventName>(
    trx: WriteTrx,
    userId: number,
    event: E,
    payload: AccountEventPayloads[E],
  ): Promise<number> {
    const seq = await writeEvent(trx, userId, event, JSON.stringify(payload), this.#nowMs());
    trx.afterCommit(() => this.relay(userId));
    return Number(seq);
  }

  /** Records one event in a transaction of its own (for a write that has already committed). */
  emit<E extends AccountEventName>(
    userId: number,
    event: E,
    payload: AccountEventPayloads[E],
  ): Promise<number> {
    return writeTransaction(this.#db, (trx) => this.record(trx, userId, event, payload));
  }

  /**
   * Relays every waiting event of this account, in seq order. Accounts asked for while a round is
   * under way go together in the next one: one claiming transaction per round, not per event.
   */
  relay(userId: number): Promise<void> {
    this.#waiting.add(userId);
    this.#round ??= this.#relayRounds().finally(() => {
      this.#round = null;
    });
    return this.#round;
  }

  async #relayRounds(): Promise<void> {
    while (this.#waiting.size > 0) {
      const users = [...this.#waiting].sort((a, b) => a - b);
      this.#waiting.clear();
      await this.#relayNow(users);
    }
  }

  /** Relays events a crashed process committed but never relayed; returns how many accounts. */
  async sweep(): Promise<number> {
    const rows = await this.#db
      .selectFrom('account_event_outbox')
      .select('user_id')
      .distinct()
      .where('created_at', '<=', BigInt(this.#nowMs() - SWEEP_AFTER_MS))
      .execute();
    await Promise.all(rows.map((row) => this.relay(Number(row.user_id))));
    return rows.length;
  }

  /** Waits for the relays under way. */
  async drain(): Promise<void> {
    await this.#round?.catch(() => undefined);
  }

  /**
   * Claims these accounts' waiting events and puts them on the wire while holding the accounts' seq
   * rows (PostgreSQL: FOR UPDATE, in id order; SQLite: BEGIN IMMEDIATE), so a relay in another
   * process claims the next ones only after these were sent. Publishing is a Redis write, not awaited.
   */
  async #relayNow(users: number[]): Promise<void> {
    const ids = users.map((id) => BigInt(id));
    await writeTransaction(this.#db, async (trx) => {
      if (dialectOf(trx) === 'postgres') {
        await trx
          .selectFrom('account_event_seq')
          .select('user_id')
          .where('user_id', 'in', ids)
          .orderBy('user_id')
          .forUpdate()
          .execute();
      }
      const claimed = await trx
        .deleteFrom('account_event_outbox')
        .where('user_id', 'in', ids)
        .returning(['user_id', 'seq', 'event', 'payload'])
        .execute();
      claimed.sort((a, b) => Number(a.user_id - b.user_id || a.seq - b.seq));
      for (const row of claimed) {
        const payload = JSON.parse(row.payload) as AccountEventPayloads[AccountEventName];
        this.#publish(Number(row.user_id), row.event as AccountEventName, payload, Number(row.seq));
      }
    });
  }
}
