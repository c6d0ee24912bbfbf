import { defineModule } from '../define-module.ts';
import { TRADING_JOURNAL_KINDS } from '../../domain/trading/journal-kinds.ts';

/** Orders and positions (kernel): the one writer of `position` and `trade_order`. */
export const tradingModule = defineModule({
  name: 'trading',
  layer: 'kernel',
  inboxKinds: ['margin_call', 'stop_out'],
  journalKinds: TRADING_JOURNAL_KINDS,
  // The ledger's own stand-alone fee and reversal go with trades, where a user looks for them,
  // and order holds too: money held for a trade.
  statementGroups: { trades: { rank: 40, kinds: [...TRADING_JOURNAL_KINDS, 'fee', 'reversal'] } },
  holdLifecycles: { trade_order: { pending: ['filled', 'cancelled'] } },
});
