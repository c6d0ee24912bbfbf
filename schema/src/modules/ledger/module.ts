import { defineModule, types } from '../define-module.ts';
import { LEDGER_JOURNAL_KINDS } from '../../domain/ledger/journal-kinds.ts';
import type { LedgerCorrectionTables } from './db/ledger.table.ts';
import { LEDGER_STATEMENT_TEXTS } from './statement-texts.ts';

/**
 * The double-entry ledger and the account's summaries (kernel), and its corrections: a reversal
 * journal one administrator asks for and a second approves (four eyes).
 */
export const ledgerModule = defineModule({
  name: 'ledger',
  layer: 'kernel',
  refusalKeys: ['reversal_not_allowed', 'reversal_exists', 'second_administrator_required'],
  refusalHttpStatus: { second_administrator_required: 403 },
  msgTexts: {
    jp: {
      reversal_not_allowed:
        'この取引は訂正できません（現金の移動のみ訂正できます。注文・抽選・ローンは各機能で訂正します）',
      reversal_exists: 'この取引にはすでに訂正の申請があります',
      second_administrator_required: '申請した本人は承認できません。別の管理者が承認してください',
    },
    cn: {
      reversal_not_allowed: '该流水不可更正（仅可更正现金变动；订单、抽签、贷款由各自功能更正）',
      reversal_exists: '该流水已有更正申请',
      second_administrator_required: '申请人不能自行批准，请由另一位管理员批准',
    },
    us: {
      reversal_not_allowed:
        'This entry cannot be corrected here (only cash movements; orders, lotteries and loans are corrected by their own feature)',
      reversal_exists: 'A correction of this entry has already been asked for',
      second_administrator_required:
        'The administrator who asked cannot approve: a second administrator must',
    },
  },
  inboxKinds: ['ledger_correction'],
  journalKinds: LEDGER_JOURNAL_KINDS,
  statementGroups: { virtual_funds: { rank: 90, kinds: ['paper_grant'] } },
  statementTexts: LEDGER_STATEMENT_TEXTS,
  queues: { assetRecompute: 'asset-recompute' },
  types: types<{
    queuePayloads: { 'asset-recompute': { userId: number; reason: string } };
    tables: LedgerCorrectionTables;
    fundUpdates: { reason: 'ledger_correction'; id: string };
    messages: { kind: 'ledger_correction'; id: string };
  }>(),
});
