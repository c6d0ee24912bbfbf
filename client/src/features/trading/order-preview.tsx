import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { translateMsg } from '../../lib/i18n.ts';
import { formatAmount, formatMoney } from '../../lib/format.ts';
import { tradingApi, type OrderInput, type OrderPreview } from './trading.api.ts';

/** The order's figures as the server priced them: the side's fee, stamp duty where it applies, buying power in the instrument's currency. */
function previewRows(
  preview: OrderPreview,
  side: 'long' | 'short',
  priceLabel: string,
): Array<[string, string, string]> {
  const money = (value: string) => formatAmount(value, preview.currency);
  return [
    [priceLabel, formatMoney(preview.price), 'preview-price'],
    ['trade.margin', money(preview.margin), 'preview-margin'],
    side === 'long'
      ? ['trade.buyFee', money(preview.buy_fee), 'preview-buy-fee']
      : ['trade.sellFee', money(preview.sell_fee), 'preview-sell-fee'],
    ...(preview.stamp_duty_applies
      ? [
          ['trade.stampDuty', money(preview.stamp_duty), 'preview-stamp-duty'] as [
            string,
            string,
            string,
          ],
        ]
      : []),
    ['trade.total', money(preview.total), 'preview-total'],
    ['trade.buyingPower', money(preview.available), 'preview-buying-power'],
    ...(preview.intraday_buying_power_left === undefined
      ? []
      : [
          [
            'trade.intradayLeft',
            money(preview.intraday_buying_power_left),
            'preview-intraday-left',
          ] as [string, string, string],
        ]),
  ];
}

export function PreviewLines({
  preview,
  refusal,
  side,
  priceLabel = 'trade.price',
}: {
  preview: OrderPreview | null;
  refusal: string | null;
  side: 'long' | 'short';
  /** What the price line names: the fill's price, or the worst price a waiting order holds for. */
  priceLabel?: string;
}) {
  const { t } = useTranslation();
  if (refusal) {
    return (
      <p className="refusal" data-testid="order-refusal">
        {translateMsg(refusal)}
      </p>
    );
  }
  if (!preview) return null;
  return (
    <div
      className="stat-grid"
      style={{ gridTemplateColumns: '1fr', padding: '8px 0' }}
      data-testid="order-preview"
    >
      {previewRows(preview, side, priceLabel).map(([label, value, id]) => (
        <div key={label}>
          <span>{t(label)}</span>
          <span className="num" data-testid={id}>
            {value}
          </span>
        </div>
      ))}
      <Link to="/mine/fees" className="muted" style={{ fontSize: 12 }} data-testid="fee-table-link">
        {t('trade.feeTable')}
      </Link>
      {preview.affordable ? null : (
        <p
          style={{ margin: '4px 0 0', color: 'var(--adm-color-danger)' }}
          data-testid="order-unaffordable"
        >
          {translateMsg('available_insufficient')}
        </p>
      )}
    </div>
  );
}

/** The server's price for the order as it stands (trade/preview, 200 ms after the last change), or its refusal. */
export function useOrderPreview(input: OrderInput | null) {
  // Each answer keeps the input it priced: a stale one (the fields changed or emptied since) is
  // never shown, nor does it enable the confirm.
  const [answer, setAnswer] = useState<{
    key: string;
    preview: OrderPreview | null;
    refusal: string | null;
  } | null>(null);
  // The input's content, not its identity (a new object every render), decides when to ask again.
  const inputKey = input ? JSON.stringify(input) : null;
  useEffect(() => {
    if (!inputKey) return;
    const asked = JSON.parse(inputKey) as OrderInput;
    const timer = setTimeout(() => {
      void tradingApi.preview(asked).then((r) => {
        setAnswer({
          key: inputKey,
          preview: r.status === 1 ? (r.data ?? null) : null,
          refusal: r.status === 1 ? null : r.msg,
        });
      });
    }, 200);
    return () => clearTimeout(timer);
  }, [inputKey]);
  const current = answer && answer.key === inputKey ? answer : null;
  return { preview: current?.preview ?? null, refusal: current?.refusal ?? null };
}
