/**
 * The journal kinds block trades post: a purchase's cost held, then settled into a holding; the
 * cost of lots a lottery application did not win released back to cash.
 */
export const BLOCK_JOURNAL_KINDS = ['block_hold', 'block_settled', 'block_release'] as const;
