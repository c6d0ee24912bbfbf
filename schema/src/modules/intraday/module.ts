import { defineModule, types } from '../define-module.ts';
import { INTRADAY_JOURNAL_KINDS } from './domain/journal-kinds.ts';
import type { IntradayTables } from './db/intraday.table.ts';
import type { ClosedPositionEvent } from '../../contracts/realtime-events.ts';

/** Intraday: a held amount traded within one session, settled at the market's close. */
export const intradayModule = defineModule({
  name: 'intraday',
  layer: 'product',
  inboxKinds: ['intraday_settled', 'intraday_failed'],
  journalKinds: INTRADAY_JOURNAL_KINDS,
  statementGroups: { intraday: { rank: 60, kinds: INTRADAY_JOURNAL_KINDS } },
  /**
   * Cash held on applying (`applied`); `trading` once its session opened (the first intraday
   * order or the settlement stores it); the settlement at the close claims it (`submitted`),
   * closes its positions and releases the hold with the P&L (`traded`); `failed` releases the hold
   * untouched (a session that never opened).
   */
  holdLifecycles: {
    intraday_application: {
      applied: ['trading', 'failed'],
      trading: ['submitted'],
      submitted: ['traded'],
    },
  },
  queues: { intradaySettlement: 'intraday-settlement' },
  types: types<{
    orderUpdates:
      /** The settlement at the market's close closed an intraday position at the closing price. */
      | ({ reason: 'intraday_close'; application_id: string } & ClosedPositionEvent)
      /** An intraday application is settled: its hold released with the P&L. */
      | {
          reason: 'intraday_traded';
          application_id: string;
          status: 'traded';
          released: string;
          pnl: string;
        }
      /** An intraday application whose session never opened: its hold released whole. */
      | { reason: 'intraday_failed'; application_id: string; status: 'failed'; released: string }
      /** An intraday application was made (its amount held). */
      | { reason: 'intraday_applied'; application_id: string; status: string; amount: string };
    messages: { kind: 'intraday_settled'; application_id: string };
    queuePayloads: { 'intraday-settlement': { market: 'JP' | 'US' | 'CN'; sessionDate: string } };
    tables: IntradayTables;
  }>(),
});
