import { defineModule, types } from '../define-module.ts';
import {
  DEPOSIT_JOURNAL_KINDS,
  EXCHANGE_JOURNAL_KINDS,
  FUNDS_JOURNAL_KINDS,
  WITHDRAWAL_JOURNAL_KINDS,
} from '../../domain/funds/journal-kinds.ts';

/** Deposits, withdrawals (and their payout), currency exchange (kernel). */
export const fundsModule = defineModule({
  name: 'funds',
  layer: 'kernel',
  inboxKinds: [
    'channel_password',
    'deposit_approved',
    'deposit_rejected',
    'withdrawal_paid',
    'withdrawal_rejected',
    'withdrawal_failed',
  ],
  journalKinds: FUNDS_JOURNAL_KINDS,
  statementGroups: {
    deposits: { rank: 10, kinds: DEPOSIT_JOURNAL_KINDS },
    withdrawals: { rank: 20, kinds: WITHDRAWAL_JOURNAL_KINDS },
    exchange: { rank: 30, kinds: EXCHANGE_JOURNAL_KINDS },
  },
  /**
   * - deposit: a promise of money; the back office approves it (cash credited) or rejects it.
   * - withdrawal: cash held on request; the back office rejects it (hold back to cash) or approves
   *   it for payout; the payout worker claims it (`sending`) and calls the bank, then it is `paid`
   *   (hold to the bank) or `failed` (the bank refused: hold back to cash, never retried).
   */
  holdLifecycles: {
    deposit: { pending: ['approved', 'rejected'] },
    withdrawal: {
      pending: ['approved', 'rejected'],
      approved: ['sending'],
      sending: ['paid', 'failed'],
    },
  },
  queues: { withdrawalPayout: 'withdrawal-payout' },
  types: types<{ queuePayloads: { 'withdrawal-payout': { withdrawalId: number } } }>(),
});
