/** The ledger's own kinds: the paper grant, a stand-alone fee and a reversal. */
export const LEDGER_JOURNAL_KINDS = ['paper_grant', 'fee', 'reversal'] as const;
