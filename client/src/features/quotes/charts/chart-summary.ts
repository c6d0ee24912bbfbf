import type { ChartBar } from './price-chart.ts';

/** What a chart shows, in numbers a sentence can say: the change over it and its extremes. */
export interface ChartSummary {
  /** Percent from the reference (the previous close on the time-share, else the first open). */
  readonly changePct: number;
  readonly high: { readonly price: number; readonly t: number };
  readonly low: { readonly price: number; readonly t: number };
}

/** The summary of the bars, or null when there are none. */
export function summarise(
  bars: readonly ChartBar[],
  prevClose: number | null,
): ChartSummary | null {
  const first = bars[0];
  const last = bars[bars.length - 1];
  if (!first || !last) return null;
  const reference = prevClose ?? first.o;
  let high = { price: first.h, t: first.t };
  let low = { price: first.l, t: first.t };
  for (const bar of bars) {
    if (bar.h > high.price) high = { price: bar.h, t: bar.t };
    if (bar.l < low.price) low = { price: bar.l, t: bar.t };
  }
  const changePct = reference > 0 ? ((last.c - reference) / reference) * 100 : 0;
  return { changePct: Math.round(changePct * 100) / 100, high, low };
}
