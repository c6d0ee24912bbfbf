import type { StatementTexts } from '../define-module.ts';

/** Block trades' lines in the statement: the server's English memos and the client's texts. */
export const BLOCK_STATEMENT_TEXTS = {
  memo: {
    block_hold: 'Block offer {{offer}} ({{symbol}}): {{lots}} lots at {{price}} a share held',
    block_settled: 'Block offer {{offer}} ({{symbol}}) settled: {{qty}} shares at {{price}}',
    block_release: 'Block offer {{offer}} ({{symbol}}): {{lots}} lots not won, cost released',
  },
  jp: {
    kind: {
      block_hold: '立会外分売 購入代金',
      block_settled: '立会外分売 受渡',
      block_release: '立会外分売 拘束解除',
    },
    memo: {
      block_hold:
        '立会外分売 #{{offer}}（{{symbol}}）：{{lots}} 単元（1株 {{price}}）の購入代金を拘束',
      block_settled: '立会外分売 #{{offer}}（{{symbol}}）受渡：{{qty}} 株 {{price}}',
      block_release: '立会外分売 #{{offer}}（{{symbol}}）：抽選で外れた {{lots}} 単元の代金を解除',
    },
    group: {
      block_trades: '立会外分売',
    },
    inbox: {
      block_won: {
        title: '立会外分売 当選：{{symbol}}',
        body: '立会外分売 #{{offer}}（{{symbol}}）の抽選で {{lots}} 単元に当選しました。受渡日に保有株になります。外れた分の代金 {{amount}} {{currency}} は拘束を解除しました。',
      },
      block_lost: {
        title: '立会外分売 落選：{{symbol}}',
        body: '立会外分売 #{{offer}}（{{symbol}}）の抽選に外れました。拘束していた {{amount}} {{currency}} を解除しました。抽選は検証ページで確かめられます。',
      },
      block_settled: {
        title: '立会外分売 受渡：{{symbol}}',
        body: '立会外分売 #{{offer}}（{{symbol}}）の {{qty}} 株（1株 {{price}}）が保有株になりました。',
      },
    },
  },
  cn: {
    kind: {
      block_hold: '大宗交易 冻结',
      block_settled: '大宗交易 交收',
      block_release: '大宗交易 解冻',
    },
    memo: {
      block_hold: '大宗交易 #{{offer}}（{{symbol}}）：{{lots}} 手（每股 {{price}}）冻结购买款',
      block_settled: '大宗交易 #{{offer}}（{{symbol}}）交收：{{qty}} 股 {{price}}',
      block_release: '大宗交易 #{{offer}}（{{symbol}}）：未中签 {{lots}} 手，解冻购买款',
    },
    group: {
      block_trades: '大宗交易',
    },
    inbox: {
      block_won: {
        title: '大宗交易 中签：{{symbol}}',
        body: '大宗交易 #{{offer}}（{{symbol}}）抽签中签 {{lots}} 手，交收日计入持仓。未中签部分 {{amount}} {{currency}} 已解冻。',
      },
      block_lost: {
        title: '大宗交易 未中签：{{symbol}}',
        body: '大宗交易 #{{offer}}（{{symbol}}）本次未中签，冻结的 {{amount}} {{currency}} 已解冻。可在验证页自行核对抽签。',
      },
      block_settled: {
        title: '大宗交易 交收：{{symbol}}',
        body: '大宗交易 #{{offer}}（{{symbol}}）的 {{qty}} 股（每股 {{price}}）已计入持仓。',
      },
    },
  },
  us: {
    kind: {
      block_hold: 'Block trade hold',
      block_settled: 'Block trade settled',
      block_release: 'Block trade released',
    },
    memo: {
      block_hold: 'Block offer #{{offer}} ({{symbol}}): {{lots}} lots at {{price}} a share held',
      block_settled: 'Block offer #{{offer}} ({{symbol}}) settled: {{qty}} shares at {{price}}',
      block_release: 'Block offer #{{offer}} ({{symbol}}): {{lots}} lots not won, cost released',
    },
    group: {
      block_trades: 'Block trades',
    },
    inbox: {
      block_won: {
        title: 'Block offer won: {{symbol}}',
        body: 'You won {{lots}} lots of block offer #{{offer}} ({{symbol}}) in the draw. They become a holding on the settlement day. The cost of the lots not won, {{amount}} {{currency}}, is back in your cash.',
      },
      block_lost: {
        title: 'Block offer not won: {{symbol}}',
        body: 'Your application for block offer #{{offer}} ({{symbol}}) was not drawn. The {{amount}} {{currency}} held is back in your cash. You can check the draw yourself on its check page.',
      },
      block_settled: {
        title: 'Block offer settled: {{symbol}}',
        body: '{{qty}} shares of {{symbol}} from block offer #{{offer}} (at {{price}} a share) are now a holding.',
      },
    },
  },
} as const satisfies StatementTexts;
