import type { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Clock } from '@kabuto/schema/contracts';
import type { createDb, SecretBox } from '@kabuto/schema/db';
import type { loadConfig } from '../config.ts';
import type { AccountEmitter } from '../infra/account-emitter.ts';
import type { Logger } from '../infra/logger.ts';

/** What every job of the jobs role is started with (one of each, shared). */
export interface JobContext {
  readonly config: ReturnType<typeof loadConfig>;
  readonly db: ReturnType<typeof createDb>;
  readonly redis: Redis;
  readonly redisPrefix: string;
  readonly emitter: AccountEmitter;
  /** The asset recomputation queue, for jobs that change what an account holds. */
  readonly assetQueue: Queue;
  readonly clock: Clock;
  /** Opens what is sealed at rest (a draw's seed and ticket key): the gateway's key, shared. */
  readonly secrets: SecretBox;
  /** The role's logger, and a logger named after a job. */
  readonly logger: Logger;
  named(name: string): Logger;
  /** BullMQ workers the role closes on shutdown (for jobs that hand theirs over). */
  readonly workers: Worker[];
  /** Run when the tests move the clock (a test stack only): a job sweeps what fell due. */
  readonly onClockMove: Array<() => void>;
}

/** One module's queued and scheduled jobs: started with the role, stopped on shutdown. */
export interface JobModule {
  readonly name: string;
  start(context: JobContext): Promise<() => Promise<void>>;
}
