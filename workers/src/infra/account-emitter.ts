import { Emitter } from '@socket.io/redis-emitter';
import type { Redis } from 'ioredis';
import {
  accountEventArgs,
  redisKeys,
  roomForAccount,
  type AccountEventName,
  type AccountEventPayloads,
  type ServerToClientEvents,
} from '@kabuto/schema/contracts';
import { AccountEventOutbox, type Db, type WriteTrx } from '@kabuto/schema/db';

/**
 * Account events through the outbox, to Socket.IO rooms on every gateway through Redis: `record`
 * in the transaction that caused the event, `emit` in one of its own after a commit. The seq is
 * the account's durable one; the gateways' sweep relays what a crash here left unrelayed.
 */
export interface AccountEmitter {
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
