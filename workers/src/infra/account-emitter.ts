import {
  accountEventArgs,
  createSocketEmitter,
  roomForAccount,
  type StreamWriter,
} from '@kabuto/schema/contracts';
import { AccountEventOutbox, type AccountEventWriter, type Db } from '@kabuto/schema/db';

/**
 * Account events through the outbox, to Socket.IO rooms on every gateway through the adapter's
 * Redis stream: `record` in the transaction that caused the event, `emit` in one of its own after
 * a commit. The seq is the account's durable one; the gateways' sweep relays what a crash here
 * left unrelayed. Give it a connection that waits out a Redis restart (`maxRetriesPerRequest:
 * null`); a write that fails all the same goes to `onError`, never an unhandled rejection (which
 * would stop this process).
 */
export type AccountEmitter = AccountEventWriter;

export function createAccountEmitter(
  redis: StreamWriter,
  prefix: string,
  db: Db,
  onError: (error: unknown) => void = () => undefined,
): AccountEmitter {
  const emitter = createSocketEmitter(redis, prefix, onError);
  const outbox = new AccountEventOutbox(db, (userId, event, payload, seq) => {
    void emitter.to(roomForAccount(userId)).emit(event, ...accountEventArgs(payload, seq));
  });
  return {
    async record(trx, userId, event, payload) {
      await outbox.record(trx, userId, event, payload);
    },
    async emit(userId, event, payload) {
      await outbox.emit(userId, event, payload);
    },
  };
}
