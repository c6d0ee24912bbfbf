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

/** Emits account events to Socket.IO rooms on every gateway, through Redis. Call after commit. */
export interface AccountEmitter {
  emit<E extends AccountEventName>(
    userId: number,
    event: E,
    payload: AccountEventPayloads[E],
  ): Promise<void>;
}

export function createAccountEmitter(redis: Redis, prefix: string): AccountEmitter {
  const keys = redisKeys(prefix);
  const emitter = new Emitter<ServerToClientEvents>(redis, { key: keys.socketIoChannel });
  return {
    async emit(userId, event, payload) {
      const seq = await redis.incr(keys.accountSeq(userId));
      emitter.to(roomForAccount(userId)).emit(event, ...accountEventArgs(payload, seq));
    },
  };
}
