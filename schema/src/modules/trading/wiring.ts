import { defineWiring } from '../define-wiring.ts';
import * as createTrading from '../../db/migrations/2026_11_21_110000_create_trading.ts';
import * as dropOrderPositionLink from '../../db/migrations/2026_11_22_090000_drop_order_position_link.ts';

/** The trading module's migrations (kernel: its calls are still listed in contracts/http/call-map.ts). */
export const tradingWiring = defineWiring({
  name: 'trading',
  migrations: {
    '2026_11_21_110000_create_trading': createTrading,
    '2026_11_22_090000_drop_order_position_link': dropOrderPositionLink,
  },
});
