import i18next from 'i18next';
import { fromSocketEvent } from '../../lib/rx-socket.ts';
import { showMessage } from '../../lib/toast.ts';

/** A fired alert says so on whatever screen is open (the inbox keeps the line, the push the device). */
export function startAlertToasts(): () => void {
  const subscription = fromSocketEvent('alert:triggered').subscribe((event) => {
    showMessage(i18next.t('alerts.triggered', { symbol: event.symbol, price: event.price }));
  });
  return () => subscription.unsubscribe();
}
