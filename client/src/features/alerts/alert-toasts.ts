import i18next from 'i18next';
import { formatMoney } from '../../lib/format.ts';
import { fromSocketEvent } from '../../lib/rx-socket.ts';
import { showMessage } from '../../lib/toast.ts';

/** A fired alert says so on whatever screen is open (the inbox keeps the line, the push the device). */
export function startAlertToasts(): () => void {
  const subscription = fromSocketEvent('alert:triggered').subscribe((event) => {
    const price = formatMoney(event.price);
    showMessage(i18next.t('alerts.triggered', { symbol: event.symbol, price }));
  });
  return () => subscription.unsubscribe();
}
