import type { GatewayModule } from '../../http/gateway-module.ts';
import { ALERT_CALLS } from './alerts.calls.ts';
import { PUSH_CALLS } from './push.calls.ts';

/** The alerts module's calls: price alerts and the browser's Web Push subscription. */
export const alertsGateway: GatewayModule = {
  name: 'alerts',
  calls: [...ALERT_CALLS, ...PUSH_CALLS],
};
