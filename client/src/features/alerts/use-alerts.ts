import { useCallback, useEffect, useState } from 'react';
import { auditTime, merge, startWith } from 'rxjs';
import { translateMsg } from '../../lib/i18n.ts';
import { fromSocketEvent } from '../../lib/rx-socket.ts';
import { showMessage } from '../../lib/toast.ts';
import { alertsApi, type AlertRecord } from './alerts.api.ts';

/** The caller's alerts (of one symbol when given), live: a fired alert shows at once. */
export function useAlerts(symbol?: string) {
  const [alerts, setAlerts] = useState<AlertRecord[]>([]);
  const reload = useCallback(() => {
    void alertsApi.list(symbol).then(setAlerts);
  }, [symbol]);
  useEffect(() => {
    const changes = merge(fromSocketEvent('alert:triggered'))
      .pipe(auditTime(200), startWith(null))
      .subscribe(reload);
    return () => changes.unsubscribe();
  }, [reload]);
  const answer = async (call: Promise<{ status: number; msg: string }>) => {
    const response = await call;
    showMessage(translateMsg(response.msg));
    reload();
    return response.status === 1;
  };
  return {
    alerts,
    reload,
    remove: (alert: AlertRecord) => void answer(alertsApi.remove(alert.id)),
    rearm: (alert: AlertRecord) => void answer(alertsApi.rearm(alert.id)),
    answer,
  };
}
