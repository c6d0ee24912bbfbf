import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { HeaderBar } from '../../components/header-bar.tsx';
import { NoData } from '../../components/no-data.tsx';
import { formatMoney } from '../../lib/format.ts';
import { tradingApi, type PositionItem } from './trading.api.ts';
import '../quotes/quotes.css';

const time = (ms: number | undefined) => (ms ? new Date(ms).toLocaleString() : '--');

/** Holding detail (/position/info?id=): the spec's order/position fields. */
export function PositionInfo() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const [item, setItem] = useState<PositionItem | null | undefined>(undefined);
  useEffect(() => {
    void Promise.all([tradingApi.holdings(), tradingApi.closed()]).then(([open, done]) => setItem([...open.items, ...done.items].find((p) => p.position_id === id) ?? null));
  }, [id]);
  if (item === null) return <div className="screen no-menu"><HeaderBar title={t('trade.detail')} /><NoData /></div>;
  if (!item) return <div className="screen no-menu"><HeaderBar title={t('trade.detail')} /></div>;
  const rows: Array<[string, string]> = [
    ['trade.orderNo', item.order_id ?? item.position_id], ['trade.status', item.status === 0 ? t('trade.holding') : t('trade.closed')],
    ['trade.buyTime', time(item.buy_time)], ['trade.buyPrice', item.buy_price], ['trade.qty', String(item.stock_num)],
    ['trade.margin', item.margin ? `${formatMoney(item.margin)} ${item.currency}` : '--'], ['trade.marketValue', item.market_value ? `${formatMoney(item.market_value)} ${item.currency}` : '--'],
    ['trade.leverage', `×${item.leverage}`], ['trade.sellPrice', item.sell_price ?? '--'], ['trade.sellTime', time(item.sell_time)],
    ['trade.pnl', `${formatMoney(item.yingkui)} ${item.currency}`],
  ];
  return (
    <div className="screen no-menu" data-testid="position-info">
      <HeaderBar title={`${item.symbol} ${t(`trade.${item.side}`)}`} />
      <div className="card">
        {rows.map(([label, value]) => <div key={label} style={{ display: 'flex', justifyContent: 'space-between', padding: '6px 0', borderBottom: '1px solid #eef1f5' }}><span className="muted">{t(label)}</span><span className="num">{value}</span></div>)}
      </div>
    </div>
  );
}
