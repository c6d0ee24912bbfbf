import { Button, Input, Popup, Selector } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMsg } from '../../lib/i18n.ts';
import { alertsApi, type AlertCondition } from './alerts.api.ts';
import { AlertList } from './alert-list.tsx';
import { PushSwitch } from './push-switch.tsx';
import { useAlerts } from './use-alerts.ts';

const CONDITIONS: readonly AlertCondition[] = ['above', 'below', 'change_pct'];
const SHEET_STYLE = {
  borderRadius: '12px 12px 0 0',
  padding: 16,
  maxHeight: '85vh',
  overflowY: 'auto' as const,
};
const INPUT_STYLE = { border: '1px solid #e3e7ee', borderRadius: 8, padding: 8, margin: '6px 0' };

/** A stock's price alerts: add one (above, below, a day's change), see and manage its alerts. */
export function AlertSheet({
  symbol,
  name,
  onClose,
}: {
  symbol: string;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [condition, setCondition] = useState<AlertCondition>('above');
  const [value, setValue] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const { alerts, remove, rearm, answer } = useAlerts(symbol);
  const add = async () => {
    // "1,000" as the app writes prices: the separators are the reader's, not the number's.
    const typed = value.trim().replace(/,/g, '').replace('−', '-');
    const response = await alertsApi.create(symbol, condition, typed);
    if (response.status !== 1) return setRefusal(response.msg);
    setRefusal(null);
    setValue('');
    await answer(Promise.resolve(response));
  };
  return (
    <Popup visible onMaskClick={onClose} bodyStyle={SHEET_STYLE}>
      <div data-testid="alert-sheet">
        <h3 style={{ margin: '0 0 8px' }}>{t('alerts.title', { name })}</h3>
        <Selector
          columns={3}
          value={[condition]}
          onChange={(v: AlertCondition[]) => v[0] && setCondition(v[0])}
          options={CONDITIONS.map((c) => ({ label: t(`alerts.kinds.${c}`), value: c }))}
          data-testid="alert-condition"
        />
        <p className="muted kind-hint">{t(`alerts.hints.${condition}`)}</p>
        <Input
          value={value}
          onChange={setValue}
          inputMode="decimal"
          placeholder={t(
            condition === 'change_pct' ? 'alerts.percentPlaceholder' : 'alerts.pricePlaceholder',
          )}
          aria-label={t(`alerts.kinds.${condition}`)}
          style={INPUT_STYLE}
          data-testid="alert-value"
        />
        {refusal ? (
          <p className="refusal" data-testid="alert-refusal">
            {translateMsg(refusal)}
          </p>
        ) : null}
        <Button
          block
          color="primary"
          disabled={!value.trim()}
          onClick={() => void add()}
          data-testid="alert-add"
        >
          {t('alerts.add')}
        </Button>
        <PushSwitch />
        <AlertList alerts={alerts} onDelete={remove} onRearm={rearm} />
      </div>
    </Popup>
  );
}
