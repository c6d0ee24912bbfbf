import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartBar } from './price-chart.ts';
import { summarise } from './chart-summary.ts';

const TABLE_ROWS = 30;

/**
 * The chart in words for screen readers ("up 2.3% today; high 1,234 at 10:05"), said again when
 * other bars load, and the bars as a table behind a button (the newest 30, newest first).
 */
export function ChartText(props: {
  bars: readonly ChartBar[];
  prevClose: number | null;
  formatTime: (t: number) => string;
  formatPrice: (value: number) => string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const summary = summarise(props.bars, props.prevClose);
  const direction =
    summary === null || summary.changePct === 0 ? 'flat' : summary.changePct > 0 ? 'up' : 'down';
  return (
    <div className="chart-text">
      <p className="sr-only" aria-live="polite" data-testid="chart-summary">
        {summary
          ? t(props.prevClose === null ? 'quotes.chartSummaryRange' : 'quotes.chartSummary', {
              direction: t(`quotes.direction.${direction}`),
              pct: Math.abs(summary.changePct).toFixed(2),
              high: props.formatPrice(summary.high.price),
              highAt: props.formatTime(summary.high.t),
              low: props.formatPrice(summary.low.price),
              lowAt: props.formatTime(summary.low.t),
            })
          : ''}
      </p>
      <button
        type="button"
        className="link-button"
        aria-expanded={open}
        onClick={() => setOpen((shown) => !shown)}
        data-testid="chart-table-toggle"
      >
        {t(open ? 'quotes.tableHide' : 'quotes.tableShow')}
      </button>
      {open ? <BarsTable {...props} /> : null}
    </div>
  );
}

function BarsTable(props: {
  bars: readonly ChartBar[];
  formatTime: (t: number) => string;
  formatPrice: (value: number) => string;
}) {
  const { t } = useTranslation();
  const rows = props.bars.slice(-TABLE_ROWS).reverse();
  const price = props.formatPrice;
  return (
    <table className="chart-table" data-testid="chart-table">
      <caption className="sr-only">{t('quotes.chart')}</caption>
      <thead>
        <tr>
          {['time', 'open', 'high', 'low', 'close', 'volume'].map((key) => (
            <th key={key} scope="col">
              {t(key === 'time' ? 'quotes.time' : `quotes.${key}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((bar) => (
          <tr key={bar.t}>
            <th scope="row">{props.formatTime(bar.t)}</th>
            <td>{price(bar.o)}</td>
            <td>{price(bar.h)}</td>
            <td>{price(bar.l)}</td>
            <td>{price(bar.c)}</td>
            <td>{bar.v.toLocaleString()}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
