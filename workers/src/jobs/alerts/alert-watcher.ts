import type { Redis } from 'ioredis';
import { redisKeys, systemClock, type Clock, type QuoteTick } from '@kabuto/schema/contracts';
import { insertInboxMessage, writeTransaction, type Db } from '@kabuto/schema/db';
import { findInstrument, formatPrice, parseScaledPrice } from '@kabuto/schema/market';
import {
  AlertIndex,
  changeHundredthsOf,
  type IndexedAlert,
} from '@kabuto/schema/modules/alerts/domain/alert-index.ts';
import { alertNotification } from '@kabuto/schema/modules/alerts/domain/push-texts.ts';
import {
  loadActiveAlerts,
  markAlertTriggered,
} from '@kabuto/schema/modules/alerts/db/alerts.repository.ts';
import { formatScaled } from '@kabuto/schema/domain';
import type { AccountEmitter } from '../../infra/account-emitter.ts';
import type { Logger } from '../../infra/logger.ts';
import { followTicks } from '../../infra/tick-stream.ts';
import type { PushSender } from './push-sender.ts';

interface WatcherDeps {
  readonly db: Db;
  readonly redis: Redis;
  readonly redisPrefix: string;
  readonly emitter: AccountEmitter;
  readonly logger: Logger;
  readonly push: PushSender;
  readonly clock?: Clock;
  readonly refreshMs?: number;
}

/** The alert's value as its owner wrote it: a price, or a signed percent. */
function valueText(alert: IndexedAlert, market: Parameters<typeof formatPrice>[1]): string {
  return alert.condition === 'change_pct'
    ? formatScaled(alert.threshold, 2)
    : formatPrice(alert.threshold, market);
}

/**
 * One alert fires: active → triggered once (a deleted or already fired one changes nothing),
 * with its inbox line, `alert:triggered` and `message:created` in the same transaction (the
 * outbox); once committed, a Web Push notification to each browser the owner allowed.
 */
async function fire(deps: WatcherDeps, alert: IndexedAlert, price: bigint, clock: Clock) {
  const instrument = findInstrument(alert.symbol);
  if (!instrument) return;
  const shown = {
    price: formatPrice(price, instrument.market),
    value: valueText(alert, instrument.market),
  };
  await writeTransaction(
    deps.db,
    async (trx) => {
      if (!(await markAlertTriggered(trx, alert.id, price, clock.nowMs()))) return;
      const alertId = String(alert.id);
      await insertInboxMessage(trx, {
        userId: alert.userId,
        kind: 'price_alert',
        params: {
          symbol: alert.symbol,
          ...shown,
          alert_condition: alert.condition,
          alert_value: shown.value,
        },
        nowMs: clock.nowMs(),
      });
      await deps.emitter.record(trx, alert.userId, 'alert:triggered', {
        alert_id: alertId,
        symbol: alert.symbol,
        price: shown.price,
      });
      await deps.emitter.record(trx, alert.userId, 'message:created', {
        kind: 'price_alert',
        alert_id: alertId,
      });
      trx.afterCommit(() => {
        const names = instrument.names;
        const name = (language: 'jp' | 'cn' | 'us') =>
          language === 'jp' ? names.ja : language === 'cn' ? names.zh : names.en;
        void deps.push
          .send(alert.userId, {
            title: (language) =>
              alertNotification(language, {
                name: name(language),
                ...shown,
                condition: alert.condition,
              }),
            url: `/#/quotes/info?symbol=${encodeURIComponent(alert.symbol)}`,
            tag: `alert-${alertId}`,
          })
          .catch((error: unknown) => deps.logger.warn({ err: String(error) }, 'alert push failed'));
      });
    },
    { lockUser: alert.userId },
  );
}

/**
 * Meets active price alerts with the feed's prints: an index by symbol and threshold (a binary
 * search per list, never a scan), rebuilt from the database at start and whenever the gateway
 * bumps the alerts' version (a create, delete or re-arm). Each alert fires once.
 */
export async function startAlertWatcher(
  deps: WatcherDeps,
): Promise<{ stop(): Promise<void>; index: () => AlertIndex }> {
  const clock = deps.clock ?? systemClock;
  const versionKey = redisKeys(deps.redisPrefix).alertsVersion;
  let index = new AlertIndex();
  let loaded: { version: string | null } | null = null;
  const rebuild = async () => {
    const seen = await deps.redis.get(versionKey);
    if (loaded && loaded.version === seen) return;
    index = AlertIndex.of(await loadActiveAlerts(deps.db));
    loaded = { version: seen };
  };
  await rebuild();
  const handle = async (ticks: QuoteTick[]) => {
    for (const tick of ticks) {
      const instrument = findInstrument(tick.symbol);
      if (!instrument) continue;
      let price: bigint;
      try {
        price = parseScaledPrice(tick.price, instrument.market);
      } catch {
        continue;
      }
      for (const alert of index.metBy(tick.symbol, price, changeHundredthsOf(tick.change_rate))) {
        await fire(deps, alert, price, clock).catch((error: unknown) =>
          deps.logger.warn({ err: String(error), alert: String(alert.id) }, 'alert fire failed'),
        );
      }
    }
  };
  const stream = await followTicks({
    name: 'alert-watcher',
    redis: deps.redis,
    redisPrefix: deps.redisPrefix,
    logger: deps.logger,
    refreshMs: deps.refreshMs ?? 1000,
    refresh: rebuild,
    handle,
  });
  return { stop: () => stream.stop(), index: () => index };
}
