import type { Selectable } from 'kysely';
import type { HoldStatus } from '../../../domain/holds/hold-lifecycle.ts';
import type { Id, Int, LifecycleStatus } from '../../../db/column-types.ts';

/**
 * One intraday application: `amount` (minor units of `currency`) held in `hold:intraday` for one
 * session of `market` (`session_date` exchange-local, open and close as epoch ms). The settlement
 * fills the figures at the end: positions it closed, the forced-close fee, what it released and
 * the P&L (released − amount).
 */
export interface IntradayApplicationTable {
  id: Id;
  user_id: Int;
  market: string;
  currency: string;
  amount: Int;
  buying_power: Int;
  session_date: string;
  opens_at: Int;
  closes_at: Int;
  /** applied | trading | submitted | traded | failed */
  status: LifecycleStatus<HoldStatus<'intraday_application'>>;
  positions_closed: Int | null;
  forced_close_fee: Int | null;
  released: Int | null;
  pnl: Int | null;
  created_at: Int;
  settled_at: Int | null;
  updated_at: Int;
}

export type IntradayApplicationStatus = HoldStatus<'intraday_application'>;

export interface IntradayTables {
  intraday_application: IntradayApplicationTable;
}

export type IntradayApplicationRow = Selectable<IntradayApplicationTable>;
