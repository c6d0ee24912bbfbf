import type { Id, Int } from '../../../db/column-types.ts';

/** A price alert: above / below a price, or a day's change past a percent, per symbol. */
export interface PriceAlertTable {
  id: Id;
  user_id: Int;
  symbol: string;
  /** above | below | change_pct */
  condition: string;
  /** A price at the market's scale (above, below) or hundredths of a percent (change_pct). */
  threshold: Int;
  /** active | triggered */
  status: string;
  created_at: Int;
  triggered_at: Int | null;
  /** The print that met the condition, at the market's price scale. */
  triggered_price: Int | null;
}

/** A browser's Web Push subscription (one per endpoint), with the language its messages are in. */
export interface PushSubscriptionTable {
  id: Id;
  user_id: Int;
  endpoint: string;
  p256dh: string;
  auth: string;
  language: string;
  created_at: Int;
}

/** The server's VAPID key pair, made once at first start (one row, id 1). */
export interface PushVapidKeyTable {
  id: Int;
  public_key: string;
  private_key: string;
  created_at: Int;
}

export interface AlertsTables {
  price_alert: PriceAlertTable;
  push_subscription: PushSubscriptionTable;
  push_vapid_key: PushVapidKeyTable;
}
