import { defineModule, types } from '../define-module.ts';
import { BLOCK_JOURNAL_KINDS } from './domain/journal-kinds.ts';
import type { BlockTables } from './db/block.table.ts';
import { BLOCK_STATEMENT_TEXTS } from './statement-texts.ts';

/** Block trades (立会外分売): offers bought in their window; the lots become holdings at settlement. */
export const blockModule = defineModule({
  name: 'block',
  layer: 'product',
  // A second application to a lottery offer (one per person).
  refusalKeys: ['already_applied'],
  msgTexts: {
    jp: { already_applied: 'この分売にはすでに申し込んでいます（抽選の申込は1人1回です）' },
    cn: { already_applied: '您已申请过此分售（抽签每人限申请一次）' },
    us: { already_applied: 'You have already applied for this offer (one application per person)' },
  },
  inboxKinds: ['block_won', 'block_lost', 'block_settled'],
  // An offer's lots left (and, for a lottery, the lots applied for), live on its screen.
  topics: ['block'],
  journalKinds: BLOCK_JOURNAL_KINDS,
  statementGroups: { block_trades: { rank: 55, kinds: BLOCK_JOURNAL_KINDS } },
  statementTexts: BLOCK_STATEMENT_TEXTS,
  /**
   * A purchase (or a lottery application) holds its cost (`held`); at settlement the lots become
   * a holding (`settled`); an application that won nothing is released (`void`).
   */
  holdLifecycles: {
    block_order: { held: ['settled', 'void'] },
  },
  types: types<{
    fundUpdates: { reason: 'block_purchased' | 'block_drawn'; [field: string]: unknown };
    messages: { kind: 'block_won' | 'block_lost' | 'block_settled'; order_id: string };
    tables: BlockTables;
    topicUpdates: {
      block: { offer_id: string; lots_left: number; lots_applied: number; applicants: number };
    };
  }>(),
});
