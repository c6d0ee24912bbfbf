import type { Redis } from 'ioredis';
import type { Db, SecretBox } from '@kabuto/schema/db';
import type { GatewayConfig } from './config.ts';
import type { Clock } from './clock.ts';
import type { Logger } from './logger.ts';
import type { AssetRecompute } from './asset-recompute.ts';
import type { Notifier } from './notifier.ts';
import type { Limiters } from './limiters.ts';
import type { AccountEvents, Sessions, TopicPublisher } from './ports.ts';
import type { LatestQuotes } from './latest-quotes.ts';
import type { PayoutQueue } from './payout-queue.ts';
import type { IpoStepQueue } from './ipo-step-queue.ts';
import type { Metrics } from './metrics.ts';

/** Everything a call may use, built once by the composition root (main.ts) or a test. */
export interface GatewayDeps {
  readonly config: GatewayConfig;
  readonly db: Db;
  readonly redis: Redis;
  readonly logger: Logger;
  readonly clock: Clock;
  readonly notifier: Notifier;
  readonly limiters: Limiters;
  readonly accountEvents: AccountEvents;
  /** Public topics' updates (an offer's lots left) to whoever watches them. */
  readonly topics: TopicPublisher;
  readonly assetRecompute: AssetRecompute;
  /** Approved withdrawals go to the payout worker through it. */
  readonly payouts: PayoutQueue;
  /** A new or edited listing's draw, forfeit and listing jobs go to the workers through it. */
  readonly ipoSteps: IpoStepQueue;
  readonly quotes: LatestQuotes;
  /** Seals secrets at rest (TOTP seeds; a lottery's seed and ticket key until its draw). */
  readonly secrets: SecretBox;
  /** Sessions by token, for the auth middleware (the auth and admin modules' public doors). */
  readonly sessions: Sessions;
  /** The operator's signals (`/metrics`): the router counts each call into it. */
  readonly metrics: Metrics;
}
