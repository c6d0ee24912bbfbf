import { Button, Dialog, Stepper } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import i18next from 'i18next';
import { formatAmount } from '../../lib/format.ts';
import { translateMsg } from '../../lib/i18n.ts';
import { showMessage } from '../../lib/toast.ts';
import { ipoApi, type IpoDetail } from './ipo.api.ts';

/** Asks before subscribing: the listing, the lots and the shares they are. */
function confirmSubscribe(detail: IpoDetail, lots: number) {
  return Dialog.confirm({
    content: i18next.t('ipo.subscribeConfirm', {
      name: detail.name,
      lots,
      shares: lots * detail.lot,
      price: formatAmount(detail.price, detail.currency),
    }),
    confirmText: i18next.t('common.confirm'),
    cancelText: i18next.t('common.cancel'),
  });
}

/** Lots within the listing's minimum and maximum, a confirmation, and the answer in words. */
export function SubscribeForm({
  detail,
  onAnswer,
}: {
  detail: IpoDetail;
  /** The refusal's msg key, or null when subscribed: the screen keeps it on show. */
  onAnswer: (refusal: string | null) => void;
}) {
  const { t } = useTranslation();
  const [lots, setLots] = useState(detail.min_lots);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!(await confirmSubscribe(detail, lots))) return;
    setBusy(true);
    const answer = await ipoApi.subscribe(detail.id, lots);
    setBusy(false);
    if (!answer.refusal) showMessage(translateMsg(answer.msg));
    onAnswer(answer.refusal);
  };
  return (
    <div className="card" data-testid="subscribe-form">
      <div className="ipo-section-title">{t('ipo.subscribe')}</div>
      <div className="detail-row" style={{ alignItems: 'center' }}>
        <span className="muted">
          {t('ipo.lotsAsked', { min: detail.min_lots, max: detail.max_lots })}
        </span>
        <Stepper
          value={lots}
          min={detail.min_lots}
          max={detail.max_lots}
          digits={0}
          onChange={(v: number | null) => setLots(Number(v ?? detail.min_lots))}
          data-testid="subscribe-lots"
        />
      </div>
      <div className="muted" style={{ marginTop: 6 }}>
        {t('ipo.shares', { count: lots * detail.lot })} · {t('ipo.noHoldNote')}
      </div>
      <Button
        block
        color="primary"
        style={{ marginTop: 12 }}
        loading={busy}
        onClick={() => void submit()}
        data-testid="subscribe-submit"
      >
        {t('ipo.subscribe')}
      </Button>
    </div>
  );
}
