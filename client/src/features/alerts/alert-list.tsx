import { Button } from 'antd-mobile';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format.ts';
import { instrumentName } from '../../lib/instrument-name.ts';
import { storage } from '../../lib/storage.ts';
import type { AlertRecord } from './alerts.api.ts';

/** The condition as a sentence: "At or above 2,900", "Day change −3.00% or less". */
export function conditionText(alert: Pick<AlertRecord, 'condition' | 'value'>, t: TFunction) {
  const value = alert.condition === 'change_pct' ? alert.value : formatMoney(alert.value);
  return t(`alerts.condition.${alert.condition}`, { value });
}

/** One alert: its stock, condition and state; delete always, re-arm once it has fired. */
function AlertRow({
  alert,
  onDelete,
  onRearm,
  showName,
}: {
  alert: AlertRecord;
  onDelete: (a: AlertRecord) => void;
  onRearm: (a: AlertRecord) => void;
  showName: boolean;
}) {
  const { t } = useTranslation();
  const fired = alert.status === 'triggered';
  return (
    <div
      className="quote-row"
      style={{ gridTemplateColumns: '1fr auto' }}
      data-testid={`alert-${alert.id}`}
      data-status={alert.status}
    >
      <div>
        {showName ? <div className="name">{instrumentName(alert, storage.language())}</div> : null}
        <div className="code">{conditionText(alert, t)}</div>
        <div className="order-tags">
          <span className="order-tag">
            {fired
              ? t('alerts.fired', { price: formatMoney(alert.triggered_price ?? '') })
              : t('alerts.active')}
          </span>
        </div>
      </div>
      <div style={{ display: 'flex', gap: 6 }}>
        {fired ? (
          <Button
            size="mini"
            onClick={() => onRearm(alert)}
            data-testid={`alert-rearm-${alert.id}`}
          >
            {t('alerts.rearm')}
          </Button>
        ) : null}
        <Button
          size="mini"
          onClick={() => onDelete(alert)}
          data-testid={`alert-delete-${alert.id}`}
        >
          {t('alerts.delete')}
        </Button>
      </div>
    </div>
  );
}

export function AlertList({
  alerts,
  onDelete,
  onRearm,
  showName = false,
}: {
  alerts: readonly AlertRecord[];
  onDelete: (a: AlertRecord) => void;
  onRearm: (a: AlertRecord) => void;
  showName?: boolean;
}) {
  return (
    <div data-testid="alert-list">
      {alerts.map((alert) => (
        <AlertRow
          key={alert.id}
          alert={alert}
          onDelete={onDelete}
          onRearm={onRearm}
          showName={showName}
        />
      ))}
    </div>
  );
}
