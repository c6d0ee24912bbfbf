import { NewsLatest } from '../../components/news-latest.tsx';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { FundamentalsCard } from '../../features/quotes/fundamentals-card.tsx';
import { HeaderBar } from '../../components/header-bar.tsx';
import { Icon } from '../../components/icons.tsx';
import { NoData } from '../../components/no-data.tsx';
import { storage } from '../../lib/storage.ts';
import { ChartView } from '../../features/quotes/charts/chart-view.tsx';
import { OrderPanel } from '../../features/trading/order-panel.tsx';
import { MyHolding } from '../../features/trading/my-holding.tsx';
import { AlertSheet } from '../../features/alerts/alert-sheet.tsx';
import { useOrderMarks } from '../../features/trading/order-marks.ts';
import type { SubIndicator } from '../../features/quotes/charts/price-chart.ts';
import { followQuotes, liveQuotes, seedQuotes } from '../../features/quotes/live-quotes.store.ts';
import { groupDigits, LivePrice, LiveRate } from '../../features/quotes/quote-bits.tsx';
import {
  quotesApi,
  type Adjust,
  type ChartPeriod,
  type ChartRange,
  type QuoteDetail,
} from '../../features/quotes/quotes.api.ts';
import '../../components/quotes.css';

const PERIODS: readonly ChartPeriod[] = ['time', '1m', '5m', '15m', '30m', '1d', '1w', '1M', '1y'];
const RANGES: readonly ChartRange[] = ['1w', '1m', '3m', '6m'];
/** Periods that offer a range choice; weeks, months and years show the whole history. */
const RANGED: ReadonlySet<ChartPeriod> = new Set(['1m', '5m', '15m', '30m', '1d']);
const ADJUSTS: readonly Adjust[] = ['none', 'qfq', 'hfq'];
const SUBS: readonly SubIndicator[] = ['vol', 'macd', 'kdj'];

function Stats({ detail }: { detail: QuoteDetail }) {
  const { t } = useTranslation();
  const live = useSnapshot(liveQuotes)[detail.symbol];
  const price = live?.price ? Number(live.price) : null;
  const high =
    price !== null && detail.high !== null && price > Number(detail.high)
      ? live?.price
      : detail.high;
  const low =
    price !== null && detail.low !== null && price < Number(detail.low) ? live?.price : detail.low;
  const cells: Array<[string, string | null | undefined, string]> = [
    ['quotes.high', high, 'stat-high'],
    ['quotes.open', detail.open, 'stat-open'],
    ['quotes.volume', String(live?.volume ?? detail.volume ?? ''), 'stat-volume'],
    ['quotes.low', low, 'stat-low'],
    ['quotes.prevClose', detail.prev_close, 'stat-prev'],
    ['quotes.turnover', live?.turnover ?? detail.turnover, 'stat-turnover'],
  ];
  if (detail.limit_up) {
    cells.push(
      ['quotes.limitUp', detail.limit_up, 'stat-limit-up'],
      ['quotes.limitDown', detail.limit_down, 'stat-limit-down'],
    );
  }
  if (detail.kind === 'stock') cells.push(['quotes.lot', String(detail.lot_size), 'stat-lot']);
  return (
    <div className="stat-grid">
      {cells.map(([label, value, id]) => (
        <div key={label}>
          <span>{t(label)}</span>
          <span className="num" data-testid={id}>
            {groupDigits(value ?? null)}
          </span>
        </div>
      ))}
    </div>
  );
}

/** A row of toggle buttons, the chosen one marked active; each button's test id is `${testPrefix}-${option}`. */
function OptionButtons<T extends string>({
  options,
  chosen,
  label,
  testPrefix,
  onChoose,
}: {
  options: readonly T[];
  chosen: T | null;
  label: (option: T) => string;
  testPrefix: string;
  onChoose: (option: T) => void;
}) {
  return options.map((option) => (
    <button
      type="button"
      key={option}
      className={option === chosen ? 'active' : ''}
      onClick={() => onChoose(option)}
      data-testid={`${testPrefix}-${option}`}
    >
      {label(option)}
    </button>
  ));
}

function ChartControls(props: {
  period: ChartPeriod;
  range: ChartRange | null;
  adjust: Adjust;
  sub: SubIndicator;
  set: (
    patch: Partial<{ period: ChartPeriod; range: ChartRange; adjust: Adjust; sub: SubIndicator }>,
  ) => void;
  showAdjust: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className="chart-tabs" data-testid="period-tabs">
        <OptionButtons
          options={PERIODS}
          chosen={props.period}
          label={(p) => t(`quotes.period.${p}`)}
          testPrefix="period"
          onChoose={(period) => props.set({ period })}
        />
      </div>
      <div className="chart-options">
        <span className="group">
          {RANGED.has(props.period) ? (
            <OptionButtons
              options={RANGES}
              chosen={props.range}
              label={(r) => t(`quotes.range.${r}`)}
              testPrefix="range"
              onChoose={(range) => props.set({ range })}
            />
          ) : null}
        </span>
        <span className="group">
          {props.showAdjust && props.period !== 'time' ? (
            <OptionButtons
              options={ADJUSTS}
              chosen={props.adjust}
              label={(a) => t(`quotes.adjust.${a}`)}
              testPrefix="adjust"
              onChoose={(adjust) => props.set({ adjust })}
            />
          ) : null}
        </span>
      </div>
      <div className="chart-options" style={{ justifyContent: 'flex-end' }}>
        <span className="group">
          <OptionButtons
            options={SUBS}
            chosen={props.sub}
            label={(s) => s.toUpperCase()}
            testPrefix="sub"
            onChoose={(sub) => props.set({ sub })}
          />
        </span>
      </div>
    </>
  );
}

/** The bell: this stock's price alerts (add, see, re-arm) in a sheet. */
function AlertBell({ symbol, name }: { symbol: string; name: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="watch-btn"
        onClick={() => setOpen(true)}
        aria-label={t('alerts.bell')}
        data-testid="alert-bell"
      >
        <Icon name="bell" size={22} />
      </button>
      {open ? <AlertSheet symbol={symbol} name={name} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function WatchStar({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const [watched, setWatched] = useState<boolean | null>(null);
  useEffect(() => {
    void quotesApi.watchlist().then((rows) => setWatched(rows.some((r) => r.symbol === symbol)));
  }, [symbol]);
  if (watched === null) return null;
  const toggle = async () => {
    if (await quotesApi.setWatched(symbol, !watched)) setWatched(!watched);
  };
  return (
    <button
      type="button"
      className="watch-btn"
      onClick={() => void toggle()}
      aria-label={t(watched ? 'quotes.unwatch' : 'quotes.watch')}
      data-testid="watch-toggle"
      data-watched={watched}
    >
      <Icon name="star" size={22} filled={watched} />
    </button>
  );
}

/** The quote's detail (undefined while loading, null when there is none), live-followed while shown. */
function useQuoteDetail(symbol: string) {
  const [detail, setDetail] = useState<QuoteDetail | null | undefined>(undefined);
  useEffect(() => {
    void quotesApi.detail(symbol).then((loaded) => {
      if (loaded) seedQuotes([loaded]);
      setDetail(loaded);
    });
    const subscription = followQuotes([symbol]);
    return () => subscription.unsubscribe();
  }, [symbol]);
  return detail;
}

/** Live price and change, the currency and market phase, and where the figures come from. */
function DetailHeadline({ detail }: { detail: QuoteDetail }) {
  const { t } = useTranslation();
  const { symbol } = detail;
  return (
    <>
      <div className="detail-price">
        <LivePrice symbol={symbol} fallback={detail.price} className="big" testId="detail-price" />
        <span className="change">
          <LiveRate symbol={symbol} fallback={detail.change_rate} testId="detail-rate" />
        </span>
        <div className="muted" style={{ marginTop: 4 }}>
          {detail.currency} · {t(`quotes.phase.${detail.phase}`)}
        </div>
      </div>
      <Stats detail={detail} />
      {detail.kind === 'stock' ? <MyHolding symbol={symbol} /> : null}
      <div className="source-line" data-testid="data-source">
        <span>
          {t(detail.source?.startsWith('replay') ? 'quotes.replayed' : 'quotes.simulated')}
        </span>
        <span>{t('quotes.market.' + detail.market)}</span>
      </div>
    </>
  );
}

/** The chart and its controls (period, range, adjustment, sub-indicator). */
function DetailChart({ detail }: { detail: QuoteDetail }) {
  // range null: the period's default range, which the gateway names in its answer (shownRange).
  const [chart, setChart] = useState({
    period: 'time' as ChartPeriod,
    range: null as ChartRange | null,
    adjust: 'qfq' as Adjust,
    sub: 'vol' as SubIndicator,
  });
  const [shownRange, setShownRange] = useState<ChartRange | null>(null);
  const marks = useOrderMarks(detail.symbol);
  return (
    <>
      <ChartControls
        {...chart}
        range={chart.range ?? shownRange}
        set={(patch) =>
          setChart((c) => ({
            ...c,
            ...patch,
            range: patch.period && patch.period !== chart.period ? null : (patch.range ?? c.range),
          }))
        }
        showAdjust={detail.kind === 'stock'}
      />
      <ChartView
        symbol={detail.symbol}
        {...chart}
        onRange={setShownRange}
        prevClose={detail.prev_close ? Number(detail.prev_close) : null}
        timeZone={detail.time_zone}
        decimals={{ min: detail.price_min_decimals, max: detail.price_decimals }}
        // The orders' prices are the market's own: forward-adjusted (qfq) and unadjusted charts
        // end at the market's prices; a backward-adjusted one (hfq) does not, so no marks there.
        marks={chart.adjust === 'hfq' ? [] : marks}
      />
    </>
  );
}

/** Stock detail (/quotes/info?symbol=): live price, day figures, charts with periods, ranges and adjustment. */
export function StockDetail() {
  const [params] = useSearchParams();
  const symbol = params.get('symbol') ?? '';
  const detail = useQuoteDetail(symbol);
  if (!detail) {
    return (
      <div className="screen no-menu">
        <HeaderBar title={symbol} />
        {detail === null ? <NoData /> : null}
      </div>
    );
  }
  return (
    <div className="screen no-menu" data-testid="stock-detail">
      <HeaderBar
        title={
          <span>
            {detail.name} <small style={{ opacity: 0.7 }}>{symbol.replace(/^IDX:/, '')}</small>
          </span>
        }
        extra={
          storage.hasSession() ? (
            <span style={{ display: 'inline-flex', gap: 4 }}>
              <AlertBell symbol={symbol} name={detail.name} />
              <WatchStar symbol={symbol} />
            </span>
          ) : null
        }
      />
      <DetailHeadline detail={detail} />
      <DetailChart detail={detail} />
      <FundamentalsCard detail={detail} />
      {detail.kind === 'stock' ? <NewsLatest symbol={detail.symbol} /> : null}
      {detail.kind === 'stock' && storage.hasSession() ? <TradeBar detail={detail} /> : null}
    </div>
  );
}

/** Buy (long) and sell (short) under the chart; each opens the order sheet. */
function TradeBar({ detail }: { detail: QuoteDetail }) {
  const { t } = useTranslation();
  const [side, setSide] = useState<'long' | 'short' | null>(null);
  const live = useSnapshot(liveQuotes)[detail.symbol];
  const target = {
    symbol: detail.symbol,
    name: detail.name,
    price: live?.price ?? detail.price,
    lot: detail.lot_size,
    minQty: detail.min_qty,
    qtyStep: detail.qty_step,
    maxLeverage: detail.max_leverage,
    shortable: detail.shortable,
  };
  return (
    <>
      <div className="trade-bar">
        <button
          type="button"
          className="bg-rise"
          onClick={() => setSide('long')}
          data-testid="trade-long"
        >
          {t('trade.long')}
        </button>
        <button
          type="button"
          className="bg-fall"
          onClick={() => setSide('short')}
          disabled={!detail.shortable}
          data-testid="trade-short"
        >
          {t('trade.short')}
        </button>
      </div>
      {side ? (
        <OrderPanel
          target={target}
          side={side}
          onClose={() => setSide(null)}
          onPlaced={() => undefined}
        />
      ) : null}
    </>
  );
}
