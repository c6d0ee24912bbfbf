/** The journal kinds the intraday module posts: the hold, the forced-close fee, the release. */
export const INTRADAY_JOURNAL_KINDS = [
  'intraday_hold',
  'intraday_forced_close_fee',
  'intraday_release',
] as const;
