/** The journal kinds the new-shares module posts: a winner's payment held, then listed. */
export const IPO_JOURNAL_KINDS = ['ipo_payment', 'ipo_listed'] as const;
