import type { Redis } from 'ioredis';
import { type AccountEventName, type AccountEventPayloads } from '@kabuto/schema/contracts';
import { type Db, type WriteTrx } from '@kabuto/schema/db';
/**
 * Account events through the outbox, to Socket.IO rooms on every gateway through Redis: `record`
 * in the transaction that caused the event, `emit` in one of its own after a commit. The seq is
 * the account's durable one; the gateways' sweep relays what a crash here left unrelayed.
 */
export interface AccountEmitter {
    record<E extends AccountEventName>(trx: WriteTrx, userId: number, event: E, payload: AccountEventPayloads[E]): Promise<void>;
    emit<E extends AccountEventName>(userId: number, event: E, payload: AccountEventPayloads[E]): Promise<void>;
}
export declare function createAccountEmitter(redis: Redis, prefix: string, db: Db): AccountEmitter;
