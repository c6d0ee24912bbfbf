import { Button, Dialog } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import i18next from 'i18next';
import { formatAmount, formatCount } from '../../lib/format.ts';
import { translateMsg } from '../../lib/i18n.ts';
import { showMessage } from '../../lib/toast.ts';
import { ipoApi, type NewShareRecord } from './ipo.api.ts';
import { RefusalNote, StateTag, when } from './ipo-bits.tsx';
import type { CashShortfall } from './cash-shortfall.ts';
import { loadRecords } from './ipo.store.ts';

/** States after payment: the amount is what was paid. */
const PAID_STATES = new Set(['paid', 'listed', 'sold']);
const due = (r: NewShareRecord) => (r.rjmoney === '-' ? '--' : formatAmount(r.rjmoney, r.currency));

/** Asks, then pays or waives; a refusal stays under the row in words (short of cash: with figures). */
function useDecision(record: NewShareRecord) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const [shortfall, setShortfall] = useState<CashShortfall | null>(null);
  const run = async (kind: 'pay' | 'waive') => {
    const confirmed = await Dialog.confirm({
      content: i18next.t(kind === 'pay' ? 'ipo.payConfirm' : 'ipo.waiveConfirm', {
        name: record.name,
        amount: due(record),
      }),
      confirmText: i18next.t('common.confirm'),
      cancelText: i18next.t('common.cancel'),
    });
    if (!confirmed) return;
    const answer =
      kind === 'pay'
        ? await ipoApi.pay(record.id)
        : { ...(await ipoApi.waive(record.id)), shortfall: null };
    setRefusal(answer.refusal);
    setShortfall(answer.shortfall);
    if (!answer.refusal) {
      showMessage(kind === 'pay' ? translateMsg(answer.msg) : i18next.t('ipo.waived'));
    }
    await loadRecords();
  };
  return { refusal, shortfall, run };
}

/**
 * A payment refused for want of cash in the listing's currency: the amount due and the cash held in
 * that currency, and the way to the exchange screen with that currency chosen as the one to buy.
 */
function ShortOfCash({ shortfall, id }: { shortfall: CashShortfall; id: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { currency } = shortfall;
  return (
    <div
      className="ipo-refusal"
      role="alert"
      data-testid={`refusal-${id}`}
      data-msg="balance_insufficient"
      onClick={(e) => e.stopPropagation()}
    >
      <div className="ipo-shortfall-title">{t('ipo.shortOfCash.title', { currency })}</div>
      <div className="detail-row">
        <span>{t('ipo.shortOfCash.due')}</span>
        <span data-testid={`shortfall-due-${id}`}>
          {formatAmount(shortfall.amountDue, currency)}
        </span>
      </div>
      <div className="detail-row">
        <span>{t('ipo.shortOfCash.cash', { currency })}</span>
        <span data-testid={`shortfall-cash-${id}`}>{formatAmount(shortfall.cash, currency)}</span>
      </div>
      <div style={{ marginTop: 4 }}>{t('ipo.shortOfCash.hint', { currency })}</div>
      <Button
        size="mini"
        color="primary"
        fill="outline"
        style={{ marginTop: 8 }}
        onClick={() => void navigate(`/mine/exchange?to=${currency}`)}
        data-testid={`exchange-link-${id}`}
      >
        {t('ipo.shortOfCash.exchange', { currency })}
      </Button>
    </div>
  );
}

function RowActions({
  record,
  onPay,
}: {
  record: NewShareRecord;
  onPay: (k: 'pay' | 'waive') => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const stop = (e: { stopPropagation(): void }) => e.stopPropagation();
  return (
    <div className="ipo-row-actions" onClick={stop}>
      {record.state !== 'applied' ? (
        <Button
          size="mini"
          onClick={() => void navigate(`/home/newShareCheck?id=${record.ipo_id}`)}
          data-testid={`check-${record.id}`}
        >
          {t('ipo.check.short')}
        </Button>
      ) : null}
      {record.state === 'won' ? (
        <>
          <Button size="mini" onClick={() => onPay('waive')} data-testid={`waive-${record.id}`}>
            {t('ipo.waive')}
          </Button>
          <Button
            size="mini"
            color="primary"
            onClick={() => onPay('pay')}
            data-testid={`pay-${record.id}`}
          >
            {t('ipo.pay')}
          </Button>
        </>
      ) : null}
    </div>
  );
}

/** One subscription: state in words, lots, amount due; pay and waive for a winner; the check page once drawn. */
export function SubscriptionRow({
  record,
  compact,
}: {
  record: NewShareRecord;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { refusal, shortfall, run } = useDecision(record);
  return (
    <div
      className="ipo-row"
      data-testid={`subscription-${record.id}`}
      data-state={record.state}
      onClick={() => void navigate(`/home/newShareInfo?id=${record.ipo_id}`)}
    >
      <div className="ipo-row-head">
        <span className="name">
          {record.name} <small className="muted">{record.symbol}</small>
        </span>
        <StateTag state={record.state} />
      </div>
      <div className="ipo-row-grid">
        <div>
          <span className="muted">{t('ipo.field.lotsAsked')}</span>
          <span>{formatCount(record.lots)}</span>
        </div>
        <div>
          <span className="muted">{t('ipo.field.lotsWon')}</span>
          <span data-testid={`lots-won-${record.id}`}>{formatCount(record.lots_won)}</span>
        </div>
        <div style={{ gridColumn: '1 / -1' }}>
          <span className="muted">
            {t(PAID_STATES.has(record.state) ? 'ipo.field.amountPaid' : 'ipo.field.amountDue')}
          </span>
          <span data-testid={`due-${record.id}`}>{due(record)}</span>
        </div>
      </div>
      {compact ? null : (
        <div className="muted" style={{ marginTop: 6 }}>
          <span className="ipo-nowrap">
            {t('ipo.field.price')} {formatAmount(record.price, record.currency)}
          </span>{' '}
          ·{' '}
          <span className="ipo-nowrap">
            {t('ipo.field.drawAt')} {when(record.draw_at)}
          </span>
          {record.state === 'won' ? (
            <div className="ipo-nowrap">
              {t('ipo.field.payDeadline')} {when(record.pay_deadline)}
            </div>
          ) : null}
        </div>
      )}
      <RowActions record={record} onPay={(kind) => void run(kind)} />
      {shortfall ? (
        <ShortOfCash shortfall={shortfall} id={record.id} />
      ) : (
        <RefusalNote msg={refusal} id={`refusal-${record.id}`} />
      )}
    </div>
  );
}
