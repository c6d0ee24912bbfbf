import type { StatementTexts } from '../define-module.ts';

/**
 * What a correction says on the statement and in the inbox, in each language (issue 21): the entry
 * it undoes and, worded per language, its cause (`reversal_<cause>`). The staff's own reason is
 * never shown to the user. (`reversal` with `{{reason}}` reads the first corrections, written
 * before causes.)
 */
export const LEDGER_STATEMENT_TEXTS = {
  memo: {
    reversal: 'Correction of entry #{{journal}}: {{reason}}',
    reversal_duplicate: 'Correction of entry #{{journal}}: it was credited twice',
    reversal_wrong_amount: 'Correction of entry #{{journal}}: the amount was wrong',
    reversal_not_received: 'Correction of entry #{{journal}}: the money did not arrive',
    reversal_other: 'Correction of entry #{{journal}}',
  },
  jp: {
    kind: {},
    memo: {
      reversal: '訂正：取引 #{{journal}} の取消（{{reason}}）',
      reversal_duplicate: '訂正：取引 #{{journal}} の取消（二重計上のため）',
      reversal_wrong_amount: '訂正：取引 #{{journal}} の取消（金額の誤りのため）',
      reversal_not_received: '訂正：取引 #{{journal}} の取消（着金が確認できなかったため）',
      reversal_other: '訂正：取引 #{{journal}} の取消',
    },
    group: {},
    inbox: {
      ledger_correction: {
        title: 'お取引の訂正',
        body: '取引 #{{journal}} を訂正しました（{{amount}} {{currency}}）。入出金明細に訂正の行があります。ご不明な点はサポートまでお問い合わせください。',
      },
    },
  },
  cn: {
    kind: {},
    memo: {
      reversal: '更正：冲正流水 #{{journal}}（{{reason}}）',
      reversal_duplicate: '更正：冲正流水 #{{journal}}（重复入账）',
      reversal_wrong_amount: '更正：冲正流水 #{{journal}}（金额有误）',
      reversal_not_received: '更正：冲正流水 #{{journal}}（款项未到账）',
      reversal_other: '更正：冲正流水 #{{journal}}',
    },
    group: {},
    inbox: {
      ledger_correction: {
        title: '账户更正',
        body: '流水 #{{journal}} 已更正（{{amount}} {{currency}}）。资金明细中有对应的更正记录。如有疑问，请联系客服。',
      },
    },
  },
  us: {
    kind: {},
    memo: {
      reversal: 'Correction of entry #{{journal}}: {{reason}}',
      reversal_duplicate: 'Correction of entry #{{journal}}: it was credited twice',
      reversal_wrong_amount: 'Correction of entry #{{journal}}: the amount was wrong',
      reversal_not_received: 'Correction of entry #{{journal}}: the money did not arrive',
      reversal_other: 'Correction of entry #{{journal}}',
    },
    group: {},
    inbox: {
      ledger_correction: {
        title: 'A correction to your account',
        body: 'Entry #{{journal}} was corrected ({{amount}} {{currency}}). The statement shows the correction as its own line. Questions: contact support.',
      },
    },
  },
} as const satisfies StatementTexts;
