import { defineModule, types } from '../define-module.ts';
import { LEDGER_JOURNAL_KINDS } from '../../domain/ledger/journal-kinds.ts';

/** The double-entry ledger and the account's summaries (kernel). */
export const ledgerModule = defineModule({
  name: 'ledger',
  layer: 'kernel',
  journalKinds: LEDGER_JOURNAL_KINDS,
  statementGroups: { virtual_funds: { rank: 90, kinds: ['paper_grant'] } },
  queues: { assetRecompute: 'asset-recompute' },
  types: types<{ queuePayloads: { 'asset-recompute': { userId: number; reason: string } } }>(),
});
