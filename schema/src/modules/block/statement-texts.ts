import type { StatementTexts } from '../define-module.ts';

/** Block trades' lines in the statement: the server's English memos and the client's texts. */
export const BLOCK_STATEMENT_TEXTS = {
  memo: {
    block_hold: 'Block offer {{offer}} ({{symbol}}): {{lots}} lots at {{price}} a share held',
    block_settled: 'Block offer {{offer}} ({{symbol}}) settled: {{qty}} shares at {{price}}',
  },
  jp: {
    kind: {
      block_hold: '立会外分売 購入代金',
      block_settled: '立会外分売 受渡',
    },
    memo: {
      block_hold:
        '立会外分売 #{{offer}}（{{symbol}}）：{{lots}} 単元（1株 {{price}}）の購入代金を拘束',
      block_settled: '立会外分売 #{{offer}}（{{symbol}}）受渡：{{qty}} 株 {{price}}',
    },
    group: {
      block_trades: '立会外分売',
    },
  },
  cn: {
    kind: {
      block_hold: '大宗交易 冻结',
      block_settled: '大宗交易 交收',
    },
    memo: {
      block_hold: '大宗交易 #{{offer}}（{{symbol}}）：{{lots}} 手（每股 {{price}}）冻结购买款',
      block_settled: '大宗交易 #{{offer}}（{{symbol}}）交收：{{qty}} 股 {{price}}',
    },
    group: {
      block_trades: '大宗交易',
    },
  },
  us: {
    kind: {
      block_hold: 'Block trade hold',
      block_settled: 'Block trade settled',
    },
    memo: {
      block_hold: 'Block offer #{{offer}} ({{symbol}}): {{lots}} lots at {{price}} a share held',
      block_settled: 'Block offer #{{offer}} ({{symbol}}) settled: {{qty}} shares at {{price}}',
    },
    group: {
      block_trades: 'Block trades',
    },
  },
} as const satisfies StatementTexts;
