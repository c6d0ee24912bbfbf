/** The journal kinds the trading module posts (holds of resting orders, fills, opens and closes). */
export const TRADING_JOURNAL_KINDS = [
  'order_hold',
  'order_release',
  'fill',
  'position_open',
  'position_close',
] as const;
