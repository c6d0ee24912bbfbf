import { Refusal, redisKeys } from '@kabuto/schema/contracts';
import {
  findInstrument,
  formatPrice,
  parseScaledPrice,
  type Instrument,
} from '@kabuto/schema/market';
import {
  alertMetNow,
  changeHundredthsOf,
} from '@kabuto/schema/modules/alerts/domain/alert-index.ts';
import {
  ALERTS_PER_USER,
  alertsOf,
  countAlerts,
  deleteAlert,
  insertAlert,
  ownAlert,
  rearmAlert,
  type AlertRow,
} from '@kabuto/schema/modules/alerts/db/alerts.repository.ts';
import { alertsWiring } from '@kabuto/schema/modules/alerts/wiring.ts';
import { contractOf, defineUserCall, type CallDefinition } from '../../http/call.ts';
import type { GatewayDeps } from '../../infra/deps.ts';
import { thresholdOf, thresholdText } from './alert-terms.ts';

/** Tells the workers' alert index to reload (it compares this counter every second). */
async function announceAlertsChanged(deps: GatewayDeps): Promise<void> {
  await deps.redis.incr(redisKeys(deps.config.redisPrefix).alertsVersion);
}

/** Refuses an alert the latest print already meets: it fires once per crossing, not at once. */
async function refuseIfMetNow(
  deps: GatewayDeps,
  instrument: Instrument,
  alert: Pick<AlertRow, 'condition' | 'threshold'>,
) {
  const latest = await deps.quotes.one(instrument.symbol);
  if (!latest) return;
  const price = parseScaledPrice(latest.price, instrument.market);
  const change = changeHundredthsOf(latest.change_rate) ?? 0n;
  if (alertMetNow(alert, price, change)) throw new Refusal('alert_already_met');
}

function toWire(row: AlertRow) {
  const instrument = findInstrument(row.symbol) as Instrument;
  return {
    id: String(row.id),
    symbol: row.symbol,
    name: instrument.names,
    condition: row.condition,
    value: thresholdText(instrument, row.condition, row.threshold),
    status: row.status,
    triggered_at: row.triggeredAt,
    triggered_price:
      row.triggeredPrice === null ? null : formatPrice(row.triggeredPrice, instrument.market),
    created_at: row.createdAt,
  };
}

export const alertCreateCall = defineUserCall({
  ...contractOf(alertsWiring.calls, 'alert/create'),
  summary: 'A price alert: above or below a price, or a day’s change in percent; fires once',
  async handle({ input, caller, deps }) {
    const instrument = findInstrument(input.symbol);
    if (!instrument) throw new Refusal('not_found');
    const threshold = thresholdOf(instrument, input.condition, input.value);
    await refuseIfMetNow(deps, instrument, { condition: input.condition, threshold });
    if ((await countAlerts(deps.db, caller.userId)) >= ALERTS_PER_USER) {
      throw new Refusal('alert_limit');
    }
    const id = await insertAlert(deps.db, {
      userId: caller.userId,
      symbol: instrument.symbol,
      condition: input.condition,
      threshold,
      nowMs: deps.clock.nowMs(),
    });
    await announceAlertsChanged(deps);
    return { msg: 'add_ok', data: { alert_id: String(id) } };
  },
});

export const alertListCall = defineUserCall({
  ...contractOf(alertsWiring.calls, 'alert/list'),
  summary: 'The caller’s price alerts, newest first (of one symbol when given)',
  async handle({ input, caller, deps }) {
    const rows = await alertsOf(deps.db, caller.userId, input.symbol);
    return { msg: 'ok', data: rows.map(toWire) };
  },
});

export const alertDeleteCall = defineUserCall({
  ...contractOf(alertsWiring.calls, 'alert/delete'),
  summary: 'Deletes one of the caller’s alerts',
  async handle({ input, caller, deps }) {
    if (!(await deleteAlert(deps.db, caller.userId, input.id))) throw new Refusal('not_found');
    await announceAlertsChanged(deps);
    return { msg: 'delete_ok', data: null };
  },
});

export const alertRearmCall = defineUserCall({
  ...contractOf(alertsWiring.calls, 'alert/rearm'),
  summary: 'Re-arms a triggered alert (refused while the price still meets it)',
  async handle({ input, caller, deps }) {
    const alert = await ownAlert(deps.db, caller.userId, input.id);
    if (!alert) throw new Refusal('not_found');
    await refuseIfMetNow(deps, findInstrument(alert.symbol) as Instrument, alert);
    await rearmAlert(deps.db, caller.userId, input.id);
    await announceAlertsChanged(deps);
    return { msg: 'ok', data: null };
  },
});

export const ALERT_CALLS: readonly CallDefinition[] = [
  alertCreateCall,
  alertListCall,
  alertDeleteCall,
  alertRearmCall,
];
