import { useEffect, useState } from 'react';
import i18next from 'i18next';
import { auditTime, merge, startWith } from 'rxjs';
import { accountResync$ } from '../../lib/account-seq.ts';
import { fromSocketEvent } from '../../lib/rx-socket.ts';
import { storage } from '../../lib/storage.ts';
import { tradingApi, type PendingOrder } from './trading.api.ts';

export interface OrderMark {
  price: number;
  label: string;
}

/** Each live order's trigger and limit as chart marks ("Stop", "Limit"), waiting ones left out. */
export function marksOf(orders: readonly PendingOrder[], symbol: string): OrderMark[] {
  const marks: OrderMark[] = [];
  for (const order of orders) {
    if (order.symbol !== symbol || order.state !== 'live') continue;
    // Plain words (the kind's name has a break opportunity for the sheet's buttons, not here).
    const kind = i18next.t(`trade.orders.kinds.${order.kind}`).replace('\u200b', '');
    const both = order.kind === 'stop_limit';
    const named = (part: string) => (both ? `${kind}·${i18next.t(part)}` : kind);
    if (order.trigger_price && !order.triggered) {
      marks.push({ price: Number(order.trigger_price), label: named('trade.orders.trigger') });
    }
    if (order.price) marks.push({ price: Number(order.price), label: named('trade.price') });
  }
  return marks;
}

/** The signed-in user's live orders on `symbol` as chart marks, refreshed as orders change. */
export function useOrderMarks(symbol: string): OrderMark[] {
  const [marks, setMarks] = useState<OrderMark[]>([]);
  useEffect(() => {
    if (!storage.hasSession()) return undefined;
    const subscription = merge(fromSocketEvent('order:updated'), accountResync$())
      .pipe(auditTime(300), startWith(null))
      .subscribe(() => {
        void tradingApi.pending().then((orders) => setMarks(marksOf(orders, symbol)));
      });
    return () => subscription.unsubscribe();
  }, [symbol]);
  return marks;
}
