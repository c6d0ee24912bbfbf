import { defineWiring } from '../define-wiring.ts';
import * as createMarketData from '../../db/migrations/2026_11_21_100000_create_market_data.ts';

/** The quotes module's migrations (kernel: its calls are still listed in contracts/http/call-map.ts). */
export const quotesWiring = defineWiring({
  name: 'quotes',
  migrations: {
    '2026_11_21_100000_create_market_data': createMarketData,
  },
});
