import { useTranslation } from 'react-i18next';
import { HeaderBar } from '../../components/header-bar.tsx';
import { NoData } from '../../components/no-data.tsx';
import { AlertList } from './alert-list.tsx';
import { PushSwitch } from './push-switch.tsx';
import { useAlerts } from './use-alerts.ts';
import '../../components/quotes.css';

/** Price alerts (/mine/alerts): every alert of the caller, and this device's notifications. */
export function AlertsScreen() {
  const { t } = useTranslation();
  const { alerts, remove, rearm } = useAlerts();
  return (
    <div className="screen no-menu" data-testid="alerts-screen">
      <HeaderBar title={t('alerts.screen')} />
      <div className="card">
        <PushSwitch />
        <p className="muted kind-hint">{t('alerts.howTo')}</p>
      </div>
      {alerts.length === 0 ? <NoData note={t('alerts.empty')} /> : null}
      <AlertList alerts={alerts} onDelete={remove} onRearm={rearm} showName />
    </div>
  );
}
