import { Emitter } from '@socket.io/redis-emitter';
import type { Redis } from 'ioredis';
import {
  accountEventArgs,
  redisKeys,
  roomForAccount,
  type ServerToClientEvents,
} from '@kabuto/schema/contracts';
import { AccountEventOutbox, type AccountEventWriter, type Db } from '@kabuto/schema/db';

/**
 * Account events through the outbox, to Socket.IO rooms on every gateway through Redis: `record`
 * in the transaction that caused the event, `emit` in one of its own after a commit. The seq is
 * the account's durable one; the gateways' sweep relays what a crash here left unrelayed.
 */
export type AccountEmitter = AccountEventWriter;

export function createAccountEmitter(redis: Redis, prefix: string, db: Db): AccountEmitter {
  const keys = redisKeys(prefix);
  const emitter = new Emitter<ServerToClientEvents>(redis, { key: keys.socketIoChannel });
  const outbox = new AccountEventOutbox(db, (userId, event, payload, seq) => {
    emitter.to(roomForAccount(userId)).emit(event, ...accountEventArgs(payload, seq));
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
