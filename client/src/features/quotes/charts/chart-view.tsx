import {
  useEffect,
  useEffectEvent,
  useRef,
  useState,
  type PointerEvent,
  type RefObject,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { ScaleBand } from 'd3';
import type { QuoteTick } from '@kabuto/schema/contracts';
import { formatPrice, type PriceDecimals } from '../../../lib/format.ts';
import { quoteTicks$ } from '../../../lib/quote-stream.ts';
import {
  quotesApi,
  type Adjust,
  type CandleRow,
  type ChartPeriod,
  type ChartRange,
} from '../quotes.api.ts';
import {
  CHART_HEIGHT,
  drawChart,
  drawCrosshair,
  type ChartBar,
  type ChartMark,
  type SubIndicator,
} from './price-chart.ts';
import { ChartText } from './chart-text.tsx';

const MINUTES: Partial<Record<ChartPeriod, number>> = {
  time: 1,
  '1m': 1,
  '5m': 5,
  '15m': 15,
  '30m': 30,
};
// About three pixels a candle on a phone: six months of days, two and a half years of weeks.
const MAX_CANDLES = 130;

const toBar = (row: CandleRow): ChartBar => ({
  t: row.t,
  o: Number(row.o),
  h: Number(row.h),
  l: Number(row.l),
  c: Number(row.c),
  v: row.v,
  a: Number(row.a),
});

/** Folds a live tick into the bars: a new bar when its minute bucket starts, else the last bar moves. */
export function applyTick(
  bars: ChartBar[],
  tick: QuoteTick,
  period: ChartPeriod,
  volumeDelta: number,
  factor = 1,
): ChartBar[] {
  const price = Number(tick.price) * factor;
  const minutes = MINUTES[period];
  const last = bars[bars.length - 1];
  const bucket = minutes ? tick.ts - (tick.ts % (minutes * 60_000)) : null;
  if (bucket !== null && (!last || bucket > last.t)) {
    return [
      ...bars,
      { t: bucket, o: price, h: price, l: price, c: price, v: volumeDelta, a: volumeDelta * price },
    ];
  }
  if (!last) return bars;
  const moved = {
    ...last,
    h: Math.max(last.h, price),
    l: Math.min(last.l, price),
    c: price,
    v: last.v + volumeDelta,
    a: last.a + volumeDelta * price,
  };
  return [...bars.slice(0, -1), moved];
}

function timeFormatter(period: ChartPeriod, timeZone: string): (t: number) => string {
  if (MINUTES[period]) {
    const format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    return (t) => format.format(t).replace(',', '');
  }
  return (t) => new Date(t).toISOString().slice(0, period === '1y' ? 4 : period === '1M' ? 7 : 10);
}

interface ChartViewProps {
  symbol: string;
  period: ChartPeriod;
  range: ChartRange | null;
  adjust: Adjust;
  sub: SubIndicator;
  prevClose: number | null;
  timeZone: string;
  decimals: PriceDecimals;
  onRange: (range: ChartRange | null) => void;
  /** The user's live orders on this stock (triggers, limits), drawn across the chart. */
  marks?: readonly ChartMark[];
}

/** What the chart keeps outside React state: its elements, its bars and its x scale. */
interface ChartParts {
  svgRef: RefObject<SVGSVGElement | null>;
  legendRef: RefObject<HTMLDivElement | null>;
  barsRef: RefObject<ChartBar[]>;
  scaleRef: RefObject<ScaleBand<number> | null>;
}

/** Writes a bar's values (or nothing) into the legend, and redraws the whole chart from the bars. */
function useChartPainter(
  props: ChartViewProps,
  { svgRef, legendRef, barsRef, scaleRef }: ChartParts,
) {
  const { t } = useTranslation();
  const formatTime = timeFormatter(props.period, props.timeZone);
  const price = (value: number) => formatPrice(value, props.decimals);
  const legend = (bar: ChartBar | undefined) => {
    if (!legendRef.current) return;
    legendRef.current.textContent = bar
      ? `${formatTime(bar.t)}  ${t('quotes.open')} ${price(bar.o)}  ${t('quotes.high')} ${price(bar.h)}  ${t('quotes.low')} ${price(bar.l)}  ${t('quotes.close')} ${price(bar.c)}  ${t('quotes.volume')} ${bar.v.toLocaleString()}`
      : '';
  };
  const redraw = () => {
    const svg = svgRef.current;
    if (!svg) return;
    const width = svg.parentElement?.clientWidth || 390;
    scaleRef.current = drawChart(svg, barsRef.current, {
      mode: props.period === 'time' ? 'time' : 'candles',
      sub: props.sub,
      prevClose: props.prevClose,
      width,
      formatTime,
      formatPrice: price,
      marks: props.marks ?? [],
    });
    legend(barsRef.current[barsRef.current.length - 1]);
  };
  return { legend, redraw };
}

/** Loads the bars for the chart's period, range and adjustment, then moves the last bar with each tick. */
function useChartBars(
  props: ChartViewProps,
  { svgRef, barsRef }: Pick<ChartParts, 'svgRef' | 'barsRef'>,
  redraw: () => void,
  onBars: (bars: ChartBar[]) => void,
) {
  const { symbol, period, range, adjust, sub, prevClose } = props;
  // Read at the time they run: the latest painter and range callback, not the ones of the first render.
  const paint = useEffectEvent(redraw);
  const reportRange = useEffectEvent((loaded: ChartRange | null) => props.onRange(loaded));
  const reportBars = useEffectEvent(onBars);
  useEffect(() => {
    let active = true;
    let cumulative: number | null = null;
    let factor = 1;
    let frame = 0;
    barsRef.current = [];
    svgRef.current?.removeAttribute('data-loaded');
    paint();
    void quotesApi.candles(symbol, period, range, adjust).then((loaded) => {
      if (!active) return;
      factor = loaded.factor;
      barsRef.current = loaded.candles.map(toBar).slice(period === 'time' ? 0 : -MAX_CANDLES);
      svgRef.current?.setAttribute('data-bars', String(barsRef.current.length));
      // Which chart the bars belong to: lets tests (and anyone reading the DOM) tell a stale chart from the new one.
      svgRef.current?.setAttribute('data-loaded', `${period}:${loaded.range ?? ''}:${adjust}`);
      reportRange(loaded.range);
      reportBars(barsRef.current);
      paint();
    });
    const subscription = quoteTicks$([symbol]).subscribe((batch) => {
      const tick = batch.get(symbol);
      if (!tick || barsRef.current.length === 0) return;
      const delta = cumulative === null ? 0 : Math.max(0, tick.volume - cumulative);
      cumulative = tick.volume;
      barsRef.current = applyTick(barsRef.current, tick, period, delta, factor);
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => paint());
    });
    return () => {
      active = false;
      cancelAnimationFrame(frame);
      subscription.unsubscribe();
    };
    // sub and prevClose change the drawing: the chart reloads and redraws with them, as it always has.
  }, [symbol, period, range, adjust, sub, prevClose, svgRef, barsRef]);
}

/** Touch or hover: a crosshair on the bar under the pointer and its values in the legend. */
function useCrosshair(
  { svgRef, scaleRef, barsRef }: ChartParts,
  legend: (bar: ChartBar | undefined) => void,
) {
  const onPointer = (event: PointerEvent<SVGSVGElement>) => {
    const svg = svgRef.current;
    const x = scaleRef.current;
    if (!svg || !x || barsRef.current.length === 0) return;
    const rect = svg.getBoundingClientRect();
    const width = svg.parentElement?.clientWidth || 390;
    const px = ((event.clientX - rect.left) / rect.width) * width;
    const index = Math.max(
      0,
      Math.min(barsRef.current.length - 1, Math.floor(px / (x.step() || 1))),
    );
    const py = ((event.clientY - rect.top) / rect.height) * CHART_HEIGHT;
    drawCrosshair(svg, x, barsRef.current[index] ?? null, index, width, py);
    legend(barsRef.current[index]);
  };
  const onLeave = () => {
    if (svgRef.current && scaleRef.current) {
      drawCrosshair(svgRef.current, scaleRef.current, null, 0, 0, 0);
    }
    legend(barsRef.current[barsRef.current.length - 1]);
  };
  return { onPointer, onLeave };
}

/**
 * The stock chart: loads bars for the period, range and adjustment, then follows `quote:ticks`
 * through RxJS and redraws through refs (no React state per tick). Touch or hover shows a
 * crosshair and the bar's values in the legend.
 */
export function ChartView(props: ChartViewProps) {
  const { t } = useTranslation();
  const svgRef = useRef<SVGSVGElement>(null);
  const legendRef = useRef<HTMLDivElement>(null);
  const barsRef = useRef<ChartBar[]>([]);
  const scaleRef = useRef<ScaleBand<number> | null>(null);
  const parts = { svgRef, legendRef, barsRef, scaleRef };
  const { legend, redraw } = useChartPainter(props, parts);
  // The loaded bars as state once per load (not per tick): the chart's words and table read them.
  const [loaded, setLoaded] = useState<ChartBar[]>([]);
  useChartBars(props, parts, redraw, setLoaded);
  const { onPointer, onLeave } = useCrosshair(parts, legend);
  // New or ended orders move the marks: redraw with them (the bars stay).
  const marksKey = JSON.stringify(props.marks ?? []);
  const repaint = useEffectEvent(redraw);
  useEffect(() => repaint(), [marksKey]);
  return (
    <div className="chart-box">
      <div className="chart-legend" ref={legendRef} data-testid="chart-legend" />
      <svg
        ref={svgRef}
        onPointerMove={onPointer}
        onPointerDown={onPointer}
        onPointerLeave={onLeave}
        data-testid="price-chart"
        role="img"
        aria-label={t('quotes.chart')}
      />
      <ChartText
        bars={loaded}
        prevClose={props.period === 'time' ? props.prevClose : null}
        formatTime={timeFormatter(props.period, props.timeZone)}
        formatPrice={(value) => formatPrice(value, props.decimals)}
      />
    </div>
  );
}
