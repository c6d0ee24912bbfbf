import { sql } from 'kysely';
import type { AccountEventName, AccountEventPayloads } from '../contracts/realtime-events.ts';
import type { Db } from './create-db.ts';
import type { WriteTrx } from './after-commit.ts';
import { dialectOf } from './dialect.ts';
import { writeTransaction } from './write-transaction.ts';

/** Puts one relayed event on the wire (Socket.IO through Redis); throws if it could not. */
export type PublishAccountEvent = <E extends AccountEventName>(
  userId: number,
  event: E,
  payload: AccountEventPayloads[E],
  seq: number,
) => void;

/** Events older than this are the sweep's: their own relay died with its process. */
const SWEEP_AFTER_MS = 2_000;

/** Takes the account's next seq in `trx`: the row lock holds later writers until this commits. */
async function nextSeq(trx: Db, userId: number): Promise<bigint> {
  const row = await trx
    .insertInto('account_event_seq')
    .values({ user_id: BigInt(userId), last_seq: 1n })
    .onConflict((conflict) =>
      conflict
        .column('user_id')
        .doUpdateSet({ last_seq: sql<bigint>`account_event_seq.last_seq + 1` }),
    )
    .returning('last_seq')
    .executeTakeFirstOrThrow();
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
  readonly #relaying = new Map<number, Promise<void>>();
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
    const seq = await nextSeq(trx, userId);
    await trx
      .insertInto('account_event_outbox')
      .values({
        user_id: BigInt(userId),
        seq,
        event,
        payload: JSON.stringify(payload),
        created_at: this.#nowMs(),
      })
      .execute();
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

  /** Relays every waiting event of one account, in seq order; chained per account in this process. */
  relay(userId: number): Promise<void> {
    const previous = this.#relaying.get(userId) ?? Promise.resolve();
    const next = previous.then(() => this.#relayNow(userId));
    this.#relaying.set(userId, next);
    void next.finally(() => {
      if (this.#relaying.get(userId) === next) this.#relaying.delete(userId);
    });
    return next;
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
    await Promise.allSettled([...this.#relaying.values()]);
  }

  /**
   * Claims the account's waiting events and puts them on the wire while holding the account's seq
   * row (PostgreSQL: FOR UPDATE; SQLite: BEGIN IMMEDIATE), so a relay in another process claims
   * the next ones only after these were sent. Publishing is a Redis write, not awaited.
   */
  async #relayNow(userId: number): Promise<void> {
    await writeTransaction(this.#db, async (trx) => {
      if (dialectOf(trx) === 'postgres') {
        await trx
          .selectFrom('account_event_seq')
          .select('last_seq')
          .where('user_id', '=', BigInt(userId))
          .forUpdate()
          .execute();
      }
      const claimed = await trx
        .deleteFrom('account_event_outbox')
        .where('user_id', '=', BigInt(userId))
        .returning(['seq', 'event', 'payload'])
        .execute();
      claimed.sort((a, b) => (a.seq < b.seq ? -1 : 1));
      for (const row of claimed) {
        const payload = JSON.parse(row.payload) as AccountEventPayloads[AccountEventName];
        this.#publish(userId, row.event as AccountEventName, payload, Number(row.seq));
      }
    });
  }
}
