import {
  localClock,
  localToUtcMs,
  MARKET_RULES,
  MARKETS,
  type Market,
} from '@kabuto/schema/market';

// Listing times are the exchange's wall clock (Tokyo, New York, Shanghai), typed and shown as
// "YYYY-MM-DD HH:mm" in 24-hour form with the zone named: never this browser's zone or locale.

/** The short name shown beside a time: JST, ET (EST or EDT as the date has it), CST (China). */
const ZONE_NAME: Readonly<Record<Market, string>> = { JP: 'JST', US: 'ET', CN: 'CST' };

/** A value of the market field or column as a market, or null. */
export function marketOf(value: string | null | undefined): Market | null {
  return MARKETS.find((market) => market === value) ?? null;
}

/** The zone's short name (JST, ET, CST) and its IANA name (Asia/Tokyo). */
export const zoneName = (market: Market) => ZONE_NAME[market];
export const zoneId = (market: Market) => MARKET_RULES[market].timeZone;

const two = (n: number) => String(n).padStart(2, '0');

/** Epoch ms as the exchange's wall clock, "2026-12-01 09:00" (what a time field holds). */
export function exchangeInput(ms: number, market: Market): string {
  const { date, minuteOfDay } = localClock(ms, MARKET_RULES[market].timeZone);
  return `${date} ${two(Math.floor(minuteOfDay / 60))}:${two(minuteOfDay % 60)}`;
}

/** Epoch ms as a list shows it: "2026-12-01 09:00 JST". */
export function formatExchange(ms: number, market: Market): string {
  return `${exchangeInput(ms, market)} ${ZONE_NAME[market]}`;
}

const WALL = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})$/;

/**
 * "YYYY-MM-DD HH:mm" read as the exchange's wall clock, as epoch ms; null when it is not that
 * form, not a real date, or a time the zone skips (New York's 02:00–03:00 when DST starts).
 */
export function exchangeEpoch(text: string, market: Market): number | null {
  const parts = WALL.exec(text.trim());
  if (!parts) return null;
  const [, y, m, d, hh, mm] = parts.map(Number) as [number, number, number, number, number, number];
  if (hh > 23 || mm > 59) return null;
  const date = `${y}-${two(m)}-${two(d)}`;
  const day = new Date(Date.UTC(y, m - 1, d));
  if (day.getUTCMonth() !== m - 1 || day.getUTCDate() !== d) return null;
  const ms = localToUtcMs(date, hh * 60 + mm, MARKET_RULES[market].timeZone);
  return exchangeInput(ms, market) === `${date} ${two(hh)}:${two(mm)}` ? ms : null;
}
