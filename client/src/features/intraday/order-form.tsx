import { Button, Dialog, Selector, Stepper } from 'antd-mobile';
import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { INTRADAY_RULES, leverageText } from '@kabuto/schema/intraday';
import type { Market } from '@kabuto/schema/market';
import { translateMsg } from '../../lib/i18n.ts';
import { showMessage } from '../../lib/toast.ts';
import { RefusalNote } from '../../components/product-bits.tsx';
import { intradayApi } from './intraday.api.ts';
import { loadApplications } from './intraday.store.ts';
import { SymbolPicker, type PickedStock } from './symbol-picker.tsx';

const DEFAULT_SYMBOL: Record<Market, string> = { JP: '7203', US: 'AAPL', CN: '600519' };
const DEFAULT_QTY: Record<Market, number> = { JP: 100, US: 1, CN: 100 };

/** A leveraged market order: the user sees what, which way, how many and at what leverage. */
function confirmOrder(
  t: TFunction,
  order: { market: Market; picked: PickedStock; side: 'long' | 'short'; qty: number },
): Promise<boolean> {
  return Dialog.confirm({
    content: t('intraday.confirm', {
      name: order.picked.name,
      side: t(`trade.${order.side}`),
      qty: order.qty,
      leverage: leverageText(order.market),
    }),
    confirmText: t('common.confirm'),
    cancelText: t('common.cancel'),
  });
}

/**
 * The intraday order sheet of an application that trades: a market order, long or short, under
 * its buying power (the server prices it at the feed). China: long is not offered (T+1).
 */
export function IntradayOrderForm({ market }: { market: Market }) {
  const { t } = useTranslation();
  const longAllowed = INTRADAY_RULES[market].longAllowed;
  const [picked, setPicked] = useState<PickedStock | null>(null);
  const [side, setSide] = useState<'long' | 'short'>(longAllowed ? 'long' : 'short');
  const [qty, setQty] = useState(DEFAULT_QTY[market]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!picked || !(await confirmOrder(t, { market, picked, side, qty }))) return;
    setBusy(true);
    const answer = await intradayApi.order(picked.symbol, side, qty);
    setBusy(false);
    setRefusal(answer.refused ? answer.msg : null);
    if (!answer.refused) {
      showMessage(translateMsg(answer.msg));
      await loadApplications();
    }
  };
  const sides = (['long', 'short'] as const).map((s) => ({
    label: t(`trade.${s}`),
    value: s,
    disabled: s === 'long' && !longAllowed,
  }));
  return (
    <div data-testid="intraday-order" style={{ marginTop: 8 }}>
      <div className="ipo-section-title">{t('intraday.trade')}</div>
      <SymbolPicker
        market={market}
        initialSymbol={DEFAULT_SYMBOL[market]}
        picked={picked}
        onPick={setPicked}
      />
      <Selector
        columns={2}
        value={[side]}
        onChange={(v: Array<'long' | 'short'>) => v[0] && setSide(v[0])}
        options={sides}
        data-testid="intraday-side"
      />
      {longAllowed ? null : (
        <p className="muted" style={{ fontSize: 12 }}>
          {t('intraday.cnNote')}
        </p>
      )}
      <div className="detail-row" style={{ alignItems: 'center', margin: '8px 0' }}>
        <span className="muted">{t('trade.qty')}</span>
        <Stepper
          style={{ '--input-width': '88px' } as CSSProperties}
          value={qty}
          min={1}
          digits={0}
          onChange={(v: number | null) => setQty(Number(v ?? 1))}
          data-testid="intraday-qty"
        />
      </div>
      <RefusalNote msg={refusal} id="intraday-order-refusal" />
      <Button
        block
        color="primary"
        loading={busy}
        disabled={!picked}
        onClick={() => void submit()}
        data-testid="intraday-order-submit"
      >
        {t('intraday.orderSubmit')}
      </Button>
    </div>
  );
}
