import type { TopicUpdate } from '@kabuto/schema/contracts';
import type { AccountEventWriter } from '@kabuto/schema/db';

/**
 * Account events through the outbox (`AccountEventOutbox`): `record` writes one in the caller's
 * transaction with the account's durable seq and relays it after commit; `emit` does the same in a
 * transaction of its own, for a write that has already committed. A sweep relays what a crash left.
 */
export interface AccountEvents extends AccountEventWriter {
  /**
   * Disconnects every socket opened with these sessions (just revoked): on this gateway at once,
   * on the others through the adapter.
   */
  endSessions(sessionIds: readonly number[]): void;
  /** Waits for the events under way and sends no more: call before Socket.IO and Redis close. */
  close(): Promise<void>;
}

/** A live user session, as the auth module reads it for a token. */
export interface ActiveSession {
  readonly sessionId: number;
  readonly userId: number;
  readonly account: string;
  readonly status: string;
  readonly tradingBarred: boolean;
}

/** A live back-office session, as the admin module reads it for a token. */
export interface AdminSession {
  readonly adminId: number;
  readonly login: string;
  readonly role: string;
  readonly sessionId: number;
  /** The second factor was passed (or just enrolled) in this session. */
  readonly verified: boolean;
}

/**
 * The session lookups the http middleware makes. The composition root (app.ts) binds them to the
 * auth and admin modules' public doors, so http never imports a module.
 */
export interface Sessions {
  findActive(token: string, nowMs: number): Promise<ActiveSession | undefined>;
  /** A live staff session; each lookup counts as use (idle expiry restarts). */
  findActiveAdmin(token: string, nowMs: number): Promise<AdminSession | undefined>;
}

/** Publishes what a public topic's thing says now (an offer's lots left) to its watchers. */
export interface TopicPublisher {
  publish(update: TopicUpdate): void;
}
