import type { StatementTexts } from '../define-module.ts';

/**
 * What a correction says on the statement and in the inbox, in each language (issue 21): the entry
 * it undoes and the reason the administrators gave.
 */
export const LEDGER_STATEMENT_TEXTS = {
  memo: { reversal: 'Correction of entry #{{journal}}: {{reason}}' },
  jp: {
    kind: {},
    memo: { reversal: '訂正：取引 #{{journal}} の取消（{{reason}}）' },
    group: {},
    inbox: {
      ledger_correction: {
        title: 'お取引の訂正',
        body: '取引 #{{journal}} を訂正しました（{{amount}} {{currency}}）。理由：{{reason}}。入出金明細に訂正の行があります。',
      },
    },
  },
  cn: {
    kind: {},
    memo: { reversal: '更正：冲正流水 #{{journal}}（{{reason}}）' },
    group: {},
    inbox: {
      ledger_correction: {
        title: '账户更正',
        body: '流水 #{{journal}} 已更正（{{amount}} {{currency}}）。原因：{{reason}}。资金明细中有对应的更正记录。',
      },
    },
  },
  us: {
    kind: {},
    memo: { reversal: 'Correction of entry #{{journal}}: {{reason}}' },
    group: {},
    inbox: {
      ledger_correction: {
        title: 'A correction to your account',
        body: 'Entry #{{journal}} was corrected ({{amount}} {{currency}}). Reason: {{reason}}. The statement shows the correction as its own line.',
      },
    },
  },
} as const satisfies StatementTexts;
