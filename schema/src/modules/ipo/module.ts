import { defineModule, types } from '../define-module.ts';
import { IPO_JOURNAL_KINDS } from './domain/journal-kinds.ts';
import type { AllotmentDrawn } from './contracts/ipo.dto.ts';
import type { IpoTables } from './db/ipo.table.ts';

/** New shares: subscribe, the verifiable draw, pay or waive, listing as a position. */
export const ipoModule = defineModule({
  name: 'ipo',
  layer: 'product',
  // The proof (or a payment) before the draw; a payment or waiver of a subscription that did not
  // win (or was already settled); a second payment; a payment after the deadline; a listing's
  // terms edited once its subscription window opened.
  refusalKeys: [
    'allotment_not_drawn',
    'allotment_not_won',
    'already_paid',
    'pay_deadline_passed',
    'listing_already_open',
  ],
  inboxKinds: ['ipo_won', 'ipo_lost', 'ipo_forfeited', 'ipo_listed'],
  journalKinds: IPO_JOURNAL_KINDS,
  statementGroups: { new_shares: { rank: 50, kinds: IPO_JOURNAL_KINDS } },
  /**
   * An application holds nothing; the draw makes it `won` or `lost`; a winner pays (cash to
   * hold:ipo, `paid`), waives, or is `forfeited` at the deadline; at listing the paid hold becomes
   * a position's margin (`listed`).
   */
  holdLifecycles: {
    ipo_subscription: {
      applied: ['won', 'lost'],
      won: ['paid', 'waived', 'forfeited'],
      paid: ['listed'],
    },
  },
  queues: { ipoAllotment: 'ipo-allotment' },
  types: types<{
    accountEvents: { 'allotment:drawn': AllotmentDrawn };
    fundUpdates: {
      reason: 'ipo_subscribed' | 'ipo_payment' | 'ipo_waived';
      [field: string]: unknown;
    };
    queuePayloads: { 'ipo-allotment': { ipoId: number; step: IpoStep } };
    /** The inbox lines the steps write, each announced with `message:created` (the bell). */
    messages: {
      kind: 'ipo_won' | 'ipo_listed' | 'ipo_forfeited';
      subscription_id: string;
      symbol: string;
    };
    tables: IpoTables;
  }>(),
});

/**
 * The four scheduled steps of a new-share listing, each a job on the `ipo-allotment` queue at its
 * time: freezing the list and publishing its hash at `subscribe_end` (before any beacon exists),
 * the draw at `draw_at`, forfeiting unpaid wins at `pay_deadline`, listing at `listing_at`.
 */
export type IpoStep = 'freeze' | 'draw' | 'forfeit' | 'list';
