import { Button, Dialog, Input, type InputRef } from 'antd-mobile';
import i18next from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpenPosition } from '@kabuto/schema/contracts';
import { formatAmount, formatMoney } from '../../lib/format.ts';
import { translateMsg } from '../../lib/i18n.ts';
import { showMessage } from '../../lib/toast.ts';
import { RefusalNote } from '../../components/product-bits.tsx';
import { creditApi, type CreditPreview } from './credit.api.ts';

/** A stop-out price with separators, or the words for "never stopped out". */
export function stopOutText(price: string | null | undefined, never: string): string {
  return price ? formatMoney(price) : never;
}

/** The server's before → after for the typed amount (nothing while the field is empty). */
function usePreview(positionId: string, amount: string, margin: string): CreditPreview | null {
  const [preview, setPreview] = useState<CreditPreview | null>(null);
  useEffect(() => {
    if (!amount) return undefined;
    let current = true;
    const timer = setTimeout(() => {
      void creditApi.preview(positionId, amount).then((next) => {
        if (current) setPreview(next);
      });
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // The margin changes after an addition: the preview is asked again for the new margin.
  }, [positionId, amount, margin]);
  return amount ? preview : null;
}

/** The stop-out price (before → after once an amount is typed) and the margin it leaves. */
function PreviewRows({
  item,
  preview,
  move,
}: {
  item: OpenPosition;
  preview: CreditPreview | null;
  move: { before: string; after: string } | null;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className="detail-row">
        <span className="muted">{t('credit.stopOutPrice')}</span>
        <span className="num" data-testid="credit-move">
          {move
            ? `${move.before} → ${move.after}`
            : stopOutText(item.stop_out_price, t('credit.stopOutNever'))}
        </span>
      </div>
      {preview ? (
        <div className="detail-row">
          <span className="muted">{t('trade.margin')}</span>
          <span className="num" data-testid="credit-margin-move">
            {formatAmount(preview.margin, item.currency)} →{' '}
            {formatAmount(preview.margin_after, item.currency)}
          </span>
        </div>
      ) : null}
    </>
  );
}

/** The confirmation: the amount and the stop-out price before → after. */
function confirmAddition(
  item: OpenPosition,
  preview: CreditPreview | null,
  move: { before: string; after: string },
): Promise<boolean> {
  return Dialog.confirm({
    content: i18next.t('credit.confirm', {
      amount: formatMoney(preview?.amount),
      currency: item.currency,
      ...move,
    }),
    confirmText: i18next.t('common.confirm'),
    cancelText: i18next.t('common.cancel'),
  });
}

/** When asked (`focus`), scrolls the form's card into view and focuses its amount field, once. */
function useBroughtIntoView(focus: boolean) {
  const card = useRef<HTMLDivElement>(null);
  const field = useRef<InputRef>(null);
  useEffect(() => {
    if (!focus) return;
    card.current?.scrollIntoView({ block: 'center' });
    field.current?.focus();
  }, [focus]);
  return { card, field };
}

/**
 * "Add margin" on an open position: an amount in the position's currency (a positive whole
 * number; the server answers credit_invalid otherwise), the stop-out price before → after from
 * `trade/creditpreview`, a confirmation, then `trade/addcredit`.
 */
export function AddCredit({
  item,
  onAdded,
  focus = false,
}: {
  item: OpenPosition;
  onAdded: () => void;
  /** Opened from the Positions row's button: bring the form into view with its field focused. */
  focus?: boolean;
}) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const preview = usePreview(item.position_id, amount, item.margin);
  const { card, field } = useBroughtIntoView(focus);
  const never = t('credit.stopOutNever');
  const move = preview
    ? {
        before: stopOutText(preview.stop_out_price, never),
        after: stopOutText(preview.stop_out_price_after, never),
      }
    : null;
  const submit = async () => {
    if (move && !(await confirmAddition(item, preview, move))) return;
    const response = await creditApi.add(item.position_id, amount);
    setRefusal(response.status === 1 ? null : response.msg);
    if (response.status !== 1) return;
    showMessage(translateMsg(response.msg));
    setAmount('');
    onAdded();
  };
  return (
    <div className="card" data-testid="add-credit" ref={card}>
      <div className="detail-row" style={{ alignItems: 'center' }}>
        <span className="muted">{t('credit.amount', { currency: item.currency })}</span>
        <Input
          ref={field}
          value={amount}
          inputMode="numeric"
          placeholder={t('credit.amountHint')}
          onChange={(next) => {
            setAmount(next);
            setRefusal(null);
          }}
          style={{ width: 140, '--text-align': 'right' }}
          data-testid="credit-amount"
        />
      </div>
      <PreviewRows item={item} preview={preview} move={move} />
      <RefusalNote msg={refusal} id="credit-refusal" />
      <Button
        block
        color="primary"
        style={{ marginTop: 12 }}
        disabled={!amount}
        onClick={() => void submit()}
        data-testid="credit-submit"
      >
        {t('credit.addCredit')}
      </Button>
      <div className="muted" style={{ fontSize: 12, marginTop: 8 }}>
        {t('credit.note')}
      </div>
    </div>
  );
}
