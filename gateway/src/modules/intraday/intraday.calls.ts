import { contractOf, defineUserCall, type CallDefinition } from '../../http/call.ts';
import { intradayWiring } from '@kabuto/schema/modules/intraday/wiring.ts';
import type { GatewayDeps } from '../../infra/deps.ts';
import { applyIntraday } from './apply.service.ts';
import { applicationDetail, listApplications } from './intraday-query.service.ts';

export function viewOf(deps: GatewayDeps) {
  return { nowMs: deps.clock.nowMs(), alwaysOpen: deps.config.clock === 'always-open' };
}

export const intradayApplyCall = defineUserCall({
  ...contractOf(intradayWiring.calls, 'intraday/apply'),
  summary:
    'Applies an amount (positive whole major units, credit_invalid otherwise) in JPY/USD/CNY for that market’s current or next session; held cash → hold:intraday; one open application per market (fund_operation_busy)',
  async handle({ input, caller, deps }) {
    return { msg: 'submit_ok', data: await applyIntraday(deps, caller, input) };
  },
});

export const intradayListCall = defineUserCall({
  ...contractOf(intradayWiring.calls, 'intraday/list'),
  summary:
    'The caller’s intraday applications (applied, trading, submitted, traded, failed) with buying power and P&L',
  async handle({ input, caller, deps }) {
    const data = await listApplications(deps.db, caller.userId, input.status, viewOf(deps));
    return { msg: 'ok', data };
  },
});

export const intradayDetailCall = defineUserCall({
  ...contractOf(intradayWiring.calls, 'intraday/detail'),
  summary: 'One intraday application with every trade opened under it and how each closed',
  async handle({ input, caller, deps }) {
    return {
      msg: 'ok',
      data: await applicationDetail(deps.db, caller.userId, input.id, viewOf(deps)),
    };
  },
});

export const INTRADAY_CALLS: readonly CallDefinition[] = [
  intradayApplyCall,
  intradayListCall,
  intradayDetailCall,
];
