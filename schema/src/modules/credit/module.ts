import { defineModule, types } from '../define-module.ts';
import { CREDIT_JOURNAL_KINDS } from './domain/journal-kinds.ts';
import type { CreditTables } from './db/credit.table.ts';

/** Margin added to an open position (`trade/addcredit`): its new margin and stop-out price. */
export interface CreditAddedEvent {
  position_id: string;
  credit_id: string;
  amount: string;
  margin: string;
  stop_out_price: string | null;
}

/** Credit: margin added to an open position, returned with the margin when it closes. */
export const creditModule = defineModule({
  name: 'credit',
  layer: 'product',
  journalKinds: CREDIT_JOURNAL_KINDS,
  statementGroups: { margin: { rank: 70, kinds: CREDIT_JOURNAL_KINDS } },
  /**
   * An added credit is part of its position's margin (`open`) until the position closes in full,
   * when it returns to cash with the margin (`returned`).
   */
  holdLifecycles: { position_credit: { open: ['returned'] } },
  types: types<{
    orderUpdates: { reason: 'credit_added' } & CreditAddedEvent;
    tables: CreditTables;
  }>(),
});
