/**
 * Chart indicators on display values (floats are fine here: nothing is money, nothing is sent
 * back). Each returns one value per input bar, NaN until it has enough history.
 */
export function movingAverage(values: readonly number[], length: number): number[] {
  let sum = 0;
  return values.map((value, i) => {
    sum += value;
    if (i >= length) sum -= values[i - length] as number;
    return i >= length - 1 ? sum / length : Number.NaN;
  });
}

export function ema(values: readonly number[], length: number): number[] {
  const k = 2 / (length + 1);
  let previous = Number.NaN;
  return values.map(
    (value) => (previous = Number.isNaN(previous) ? value : value * k + previous * (1 - k)),
  );
}

/** MACD(12, 26, 9): DIF = EMA12 − EMA26, DEA = EMA9 of DIF, histogram = 2 × (DIF − DEA). */
export function macd(closes: readonly number[]): { dif: number[]; dea: number[]; hist: number[] } {
  const fast = ema(closes, 12);
  const slow = ema(closes, 26);
  const dif = closes.map((_, i) => (fast[i] as number) - (slow[i] as number));
  const dea = ema(dif, 9);
  return { dif, dea, hist: dif.map((d, i) => 2 * (d - (dea[i] as number))) };
}

/** KDJ(9, 3, 3): RSV over 9 bars, K and D smoothed by thirds from 50, J = 3K − 2D. */
export function kdj(
  highs: readonly number[],
  lows: readonly number[],
  closes: readonly number[],
): { k: number[]; d: number[]; j: number[] } {
  const k: number[] = [];
  const d: number[] = [];
  const j: number[] = [];
  let prevK = 50;
  let prevD = 50;
  closes.forEach((close, i) => {
    const from = Math.max(0, i - 8);
    const high = Math.max(...highs.slice(from, i + 1));
    const low = Math.min(...lows.slice(from, i + 1));
    const rsv = high === low ? 50 : ((close - low) / (high - low)) * 100;
    prevK = (2 / 3) * prevK + rsv / 3;
    prevD = (2 / 3) * prevD + prevK / 3;
    k.push(prevK);
    d.push(prevD);
    j.push(3 * prevK - 2 * prevD);
  });
  return { k, d, j };
}
