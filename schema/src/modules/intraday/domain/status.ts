/** The spec's intraday states (CONTRACT.md §6), stored on the application row. */
export const INTRADAY_STATUSES = ['applied', 'trading', 'submitted', 'traded', 'failed'] as const;
export type IntradayStatus = (typeof INTRADAY_STATUSES)[number];

/** Statuses that still hold the user's money (one such application per user and market). */
export const OPEN_INTRADAY_STATUSES = ['applied', 'trading', 'submitted'] as const;

/**
 * The status a user sees: a stored `applied` is `trading` once its session has opened (derived
 * from time, no job needed; the first intraday order or the settlement stores it).
 */
export function shownIntradayStatus(
  stored: string,
  session: { opensAtMs: number },
  nowMs: number,
  alwaysOpen: boolean,
): IntradayStatus {
  if (stored === 'applied' && (alwaysOpen || nowMs >= session.opensAtMs)) return 'trading';
  return stored as IntradayStatus;
}
