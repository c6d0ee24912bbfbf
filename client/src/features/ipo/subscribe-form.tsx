import { Button, Dialog, Stepper } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import i18next from 'i18next';
import { formatAmount, formatCount } from '../../lib/format.ts';
import { translateMsg } from '../../lib/i18n.ts';
import { showMessage } from '../../lib/toast.ts';
import { ipoApi, type IpoDetail } from './ipo.api.ts';
import { lotsInRange } from './typed-lots.ts';

/** Asks before subscribing: the listing, the lots and the shares they are. */
function confirmSubscribe(detail: IpoDetail, lots: number) {
  return Dialog.confirm({
    content: i18next.t('ipo.subscribeConfirm', {
      name: detail.name,
      lots: formatCount(lots),
      shares: formatCount(lots * detail.lot),
      price: formatAmount(detail.price, detail.currency),
    }),
    confirmText: i18next.t('common.confirm'),
    cancelText: i18next.t('common.cancel'),
  });
}

/**
 * The lots as typed, not clamped: a figure outside the listing's minimum..maximum stays on show
 * with a note saying the range, and the form cannot be sent until it is corrected.
 */
function useTypedLots(detail: IpoDetail) {
  const [lots, setLots] = useState<number | null>(detail.min_lots);
  const allowed = lotsInRange(lots, detail);
  return { lots, setLots, allowed };
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
  const { lots, setLots, allowed } = useTypedLots(detail);
  const [busy, setBusy] = useState(false);
  const range = { min: formatCount(detail.min_lots), max: formatCount(detail.max_lots) };
  const submit = async () => {
    if (allowed === null || !(await confirmSubscribe(detail, allowed))) return;
    setBusy(true);
    const answer = await ipoApi.subscribe(detail.id, allowed);
    setBusy(false);
    if (!answer.refusal) showMessage(translateMsg(answer.msg));
    onAnswer(answer.refusal);
  };
  return (
    <div className="card" data-testid="subscribe-form">
      <div className="ipo-section-title">{t('ipo.subscribe')}</div>
      <div className="detail-row" style={{ alignItems: 'center' }}>
        <span className="muted">{t('ipo.lotsAsked', range)}</span>
        <Stepper
          value={lots}
          digits={0}
          allowEmpty
          onChange={(v: number | null) => setLots(v)}
          data-testid="subscribe-lots"
        />
      </div>
      {allowed === null ? (
        <div className="ipo-refusal" role="alert" data-testid="lots-range-note">
          {t('ipo.lotsOutOfRange', range)}
        </div>
      ) : (
        <div className="muted" style={{ marginTop: 6 }}>
          {t('ipo.shares', {
            count: allowed * detail.lot,
            shown: formatCount(allowed * detail.lot),
          })}{' '}
          · {t('ipo.noHoldNote')}
        </div>
      )}
      <Button
        block
        color="primary"
        style={{ marginTop: 12 }}
        loading={busy}
        disabled={allowed === null}
        onClick={() => void submit()}
        data-testid="subscribe-submit"
      >
        {t('ipo.subscribe')}
      </Button>
    </div>
  );
}
