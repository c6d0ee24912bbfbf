/** The journal kinds block trades post: a purchase's cost held, then settled into a holding. */
export const BLOCK_JOURNAL_KINDS = ['block_hold', 'block_settled'] as const;
