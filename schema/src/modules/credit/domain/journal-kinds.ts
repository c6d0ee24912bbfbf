/**
 * The journal kinds the added-credit module posts: an addition (cash → margin). A credit returns
 * with its position's margin in the close's own `position_close` journal, never on its own.
 */
export const CREDIT_JOURNAL_KINDS = ['credit_add'] as const;
