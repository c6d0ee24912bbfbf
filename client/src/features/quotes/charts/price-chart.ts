import {
  line,
  scaleBand,
  scaleLinear,
  select,
  type ScaleBand,
  type ScaleLinear,
  type Selection,
} from 'd3';
import { kdj, macd, movingAverage } from './indicators.ts';

/** One bar as the chart draws it (display numbers parsed from the server's exact strings). */
export interface ChartBar {
  readonly t: number;
  readonly o: number;
  readonly h: number;
  readonly l: number;
  readonly c: number;
  readonly v: number;
  /** Turnover, for the time-share average price line. */
  readonly a: number;
}

export type SubIndicator = 'vol' | 'macd' | 'kdj';

/** A price the user's orders wait on (a trigger, a limit), drawn as a dashed line with its label. */
export interface ChartMark {
  readonly price: number;
  readonly label: string;
}

export interface ChartOptions {
  readonly mode: 'time' | 'candles';
  readonly sub: SubIndicator;
  readonly prevClose: number | null;
  readonly width: number;
  readonly formatTime: (t: number) => string;
  /** Prices on the axis, at the market's display decimals (the same formatter as the legend). */
  readonly formatPrice: (value: number) => string;
  /** The user's live orders on this stock: their triggers and limits. */
  readonly marks?: readonly ChartMark[];
}

const MAIN_HEIGHT = 220;
const SUB_HEIGHT = 84;
const GAP = 18;
const RIGHT = 52;
const MA_SPECS = [
  [5, '#e6a23c'],
  [10, '#5b8ff9'],
  [20, '#b15bd6'],
] as const;
export const CHART_HEIGHT = MAIN_HEIGHT + GAP + SUB_HEIGHT + 14;

type Svg = Selection<SVGSVGElement, unknown, null, undefined>;
type Scales = {
  x: ScaleBand<number>;
  y: ScaleLinear<number, number>;
  ySub: ScaleLinear<number, number>;
};

const trendColour = (bar: ChartBar) => (bar.c >= bar.o ? 'var(--rise)' : 'var(--fall)');

function finite(values: readonly number[]): number[] {
  return values.filter((v) => Number.isFinite(v));
}

function drawPath(
  svg: Svg,
  scales: Scales,
  values: readonly number[],
  y: ScaleLinear<number, number>,
  colour: string,
  width = 1,
): void {
  const path = line<number>()
    .defined((v) => Number.isFinite(v))
    .x((_, i) => (scales.x(i) ?? 0) + scales.x.bandwidth() / 2)
    .y((v) => y(v));
  svg
    .append('path')
    .attr('d', path([...values]) ?? '')
    .attr('fill', 'none')
    .attr('stroke', colour)
    .attr('stroke-width', width);
}

function drawMain(
  svg: Svg,
  bars: readonly ChartBar[],
  scales: Scales,
  options: ChartOptions,
): void {
  const closes = bars.map((b) => b.c);
  if (options.mode === 'time') {
    let volume = 0;
    let turnover = 0;
    const average = bars.map(
      (b) => ((volume += b.v), (turnover += b.a), volume > 0 ? turnover / volume : b.c),
    );
    drawPath(svg, scales, closes, scales.y, '#2f6fde', 1.4);
    drawPath(svg, scales, average, scales.y, '#e6a23c');
    if (options.prevClose !== null) {
      svg
        .append('line')
        .attr('x1', 0)
        .attr('x2', options.width - RIGHT)
        .attr('y1', scales.y(options.prevClose))
        .attr('y2', scales.y(options.prevClose))
        .attr('stroke', '#b8c0cc')
        .attr('stroke-dasharray', '3 3');
    }
    return;
  }
  const group = svg.append('g');
  bars.forEach((bar, i) => {
    const x = scales.x(i) ?? 0;
    const w = Math.max(1, scales.x.bandwidth());
    const colour = trendColour(bar);
    group
      .append('line')
      .attr('x1', x + w / 2)
      .attr('x2', x + w / 2)
      .attr('y1', scales.y(bar.h))
      .attr('y2', scales.y(bar.l))
      .attr('stroke', colour);
    const top = scales.y(Math.max(bar.o, bar.c));
    group
      .append('rect')
      .attr('x', x)
      .attr('width', w)
      .attr('y', top)
      .attr('height', Math.max(1, scales.y(Math.min(bar.o, bar.c)) - top))
      .attr('fill', colour);
  });
  for (const [length, colour] of MA_SPECS) {
    drawPath(svg, scales, movingAverage(closes, length), scales.y, colour);
  }
}

function drawSub(svg: Svg, bars: readonly ChartBar[], scales: Scales, sub: SubIndicator): void {
  const base = MAIN_HEIGHT + GAP;
  const bandwidth = Math.max(1, scales.x.bandwidth());
  if (sub === 'vol') {
    scales.ySub.domain([0, Math.max(1, ...bars.map((b) => b.v))]);
    bars.forEach((bar, i) => {
      svg
        .append('rect')
        .attr('x', scales.x(i) ?? 0)
        .attr('width', bandwidth)
        .attr('y', scales.ySub(bar.v))
        .attr('height', base + SUB_HEIGHT - scales.ySub(bar.v))
        .attr('fill', trendColour(bar))
        .attr('opacity', 0.7);
    });
    return;
  }
  const closes = bars.map((b) => b.c);
  const series =
    sub === 'macd'
      ? macd(closes)
      : kdj(
          bars.map((b) => b.h),
          bars.map((b) => b.l),
          closes,
        );
  const lines =
    sub === 'macd'
      ? [(series as ReturnType<typeof macd>).dif, (series as ReturnType<typeof macd>).dea]
      : [
          (series as ReturnType<typeof kdj>).k,
          (series as ReturnType<typeof kdj>).d,
          (series as ReturnType<typeof kdj>).j,
        ];
  const hist = sub === 'macd' ? (series as ReturnType<typeof macd>).hist : [];
  const all = finite([...lines.flat(), ...hist]);
  scales.ySub.domain([Math.min(0, ...all), Math.max(0, ...all)]);
  hist.forEach((value, i) => {
    const y0 = scales.ySub(0);
    const y1 = scales.ySub(value);
    svg
      .append('rect')
      .attr('x', scales.x(i) ?? 0)
      .attr('width', bandwidth)
      .attr('y', Math.min(y0, y1))
      .attr('height', Math.max(1, Math.abs(y1 - y0)))
      .attr('fill', value >= 0 ? 'var(--rise)' : 'var(--fall)')
      .attr('opacity', 0.7);
  });
  ['#e6a23c', '#5b8ff9', '#b15bd6']
    .slice(0, lines.length)
    .forEach((colour, i) => drawPath(svg, scales, lines[i] as number[], scales.ySub, colour));
}

function drawAxes(
  svg: Svg,
  bars: readonly ChartBar[],
  scales: Scales,
  options: ChartOptions,
): void {
  const right = options.width - RIGHT + 4;
  for (const tick of scales.y.ticks(4)) {
    svg
      .append('line')
      .attr('x1', 0)
      .attr('x2', options.width - RIGHT)
      .attr('y1', scales.y(tick))
      .attr('y2', scales.y(tick))
      .attr('stroke', '#eef1f5');
    svg
      .append('text')
      .attr('x', right)
      .attr('y', scales.y(tick) + 4)
      .attr('font-size', 10)
      .attr('fill', '#8a93a0')
      .text(options.formatPrice(tick));
  }
  const first = bars[0];
  const last = bars[bars.length - 1];
  const y = MAIN_HEIGHT + 12;
  if (first) {
    svg
      .append('text')
      .attr('x', 2)
      .attr('y', y)
      .attr('font-size', 10)
      .attr('fill', '#8a93a0')
      .text(options.formatTime(first.t));
  }
  if (last) {
    svg
      .append('text')
      .attr('x', options.width - RIGHT)
      .attr('y', y)
      .attr('text-anchor', 'end')
      .attr('font-size', 10)
      .attr('fill', '#8a93a0')
      .text(options.formatTime(last.t));
  }
}

/** The user's order prices across the main chart, each labelled with its kind and price. */
function drawMarks(svg: Svg, scales: Scales, options: ChartOptions): void {
  const group = svg.append('g').attr('class', 'chart-marks');
  const marks = [...(options.marks ?? [])].sort((a, b) => b.price - a.price);
  // Labels at least a line apart (top to bottom), so close prices stay readable.
  let lastLabel = -Infinity;
  for (const mark of marks) {
    const y = scales.y(mark.price);
    const labelY = Math.max(y - 3, lastLabel + 11);
    lastLabel = labelY;
    const line = group
      .append('g')
      .attr('data-testid', 'chart-mark')
      .attr('data-price', String(mark.price));
    line
      .append('line')
      .attr('x1', 0)
      .attr('x2', options.width - RIGHT)
      .attr('y1', y)
      .attr('y2', y)
      .attr('stroke', '#d4380d')
      .attr('stroke-dasharray', '5 3');
    line
      .append('text')
      .attr('class', 'chart-mark-label')
      .attr('x', 2)
      .attr('y', labelY)
      .attr('fill', '#d4380d')
      .text(`${mark.label} ${options.formatPrice(mark.price)}`);
  }
}

/** Redraws the whole chart (main + sub) into `element`; returns the x scale for the crosshair. */
export function drawChart(
  element: SVGSVGElement,
  bars: readonly ChartBar[],
  options: ChartOptions,
): ScaleBand<number> {
  const svg = select(element);
  svg.selectAll('*').remove();
  svg.attr('viewBox', `0 0 ${options.width} ${CHART_HEIGHT}`).attr('height', CHART_HEIGHT);
  const x = scaleBand<number>()
    .domain(bars.map((_, i) => i))
    .range([0, options.width - RIGHT])
    .paddingInner(options.mode === 'time' ? 0 : 0.25);
  const highs = bars.map((b) => (options.mode === 'time' ? b.c : b.h));
  const lows = bars.map((b) => (options.mode === 'time' ? b.c : b.l));
  if (options.mode === 'time' && options.prevClose !== null) {
    highs.push(options.prevClose);
    lows.push(options.prevClose);
  }
  for (const mark of options.marks ?? []) {
    highs.push(mark.price);
    lows.push(mark.price);
  }
  const top = Math.max(...highs);
  const bottom = Math.min(...lows);
  const pad = (top - bottom) * 0.06 || top * 0.01 || 1;
  const scales: Scales = {
    x,
    y: scaleLinear()
      .domain([bottom - pad, top + pad])
      .range([MAIN_HEIGHT - 4, 6])
      .nice(4),
    ySub: scaleLinear().range([MAIN_HEIGHT + GAP + SUB_HEIGHT, MAIN_HEIGHT + GAP + 6]),
  };
  if (bars.length === 0) return x;
  drawAxes(svg, bars, scales, options);
  drawMain(svg, bars, scales, options);
  drawMarks(svg, scales, options);
  drawSub(svg, bars, scales, options.sub);
  svg.append('g').attr('class', 'crosshair');
  return x;
}

/** Draws the crosshair at bar `index` (or hides it with null). */
export function drawCrosshair(
  element: SVGSVGElement,
  x: ScaleBand<number>,
  bar: ChartBar | null,
  index: number,
  width: number,
  y: number,
): void {
  const group = select(element).select<SVGGElement>('g.crosshair');
  group.selectAll('*').remove();
  if (!bar) return;
  const cx = (x(index) ?? 0) + x.bandwidth() / 2;
  group
    .append('line')
    .attr('x1', cx)
    .attr('x2', cx)
    .attr('y1', 0)
    .attr('y2', CHART_HEIGHT)
    .attr('stroke', '#556')
    .attr('stroke-dasharray', '2 2');
  group
    .append('line')
    .attr('x1', 0)
    .attr('x2', width - RIGHT)
    .attr('y1', y)
    .attr('y2', y)
    .attr('stroke', '#556')
    .attr('stroke-dasharray', '2 2');
}
