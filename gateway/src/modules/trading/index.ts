import type { GatewayModule } from '../../http/gateway-module.ts';
import { TRADING_CALLS } from './trading.calls.ts';

/** The trading module's calls, as the gateway's module list registers them. */
export const tradingGateway: GatewayModule = {
  name: 'trading',
  calls: [...TRADING_CALLS],
};
