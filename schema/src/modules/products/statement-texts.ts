import type { StatementTexts } from '../define-module.ts';

/** Products' lines in the statement: the server's English memos and the client's texts. */
export const PRODUCT_STATEMENT_TEXTS = {
  memo: {
    product_follow: 'Follow {{name}} (#{{product}}): order {{order}} held until the next NAV',
    product_struck: 'Follow order {{order}} ({{name}}): {{units}} units at NAV {{nav}}',
    product_book_trade: '{{name}} (#{{product}}) rebalanced at the {{date}} close',
    product_redeem_paid: 'Redemption of order {{order}} ({{name}}): {{units}} units at NAV {{nav}}',
  },
  jp: {
    kind: {
      product_follow: 'AIスマート運用 申込',
      product_struck: 'AIスマート運用 約定',
      product_book_trade: 'AIスマート運用 売買',
      product_redeem_paid: 'AIスマート運用 解約',
    },
    memo: {
      product_follow: '{{name}}（#{{product}}）申込 {{order}}：次の基準価額まで拘束',
      product_struck: '申込 {{order}}（{{name}}）：基準価額 {{nav}} で {{units}} 口',
      product_book_trade: '{{name}}（#{{product}}）{{date}} 終値でリバランス',
      product_redeem_paid: '解約 {{order}}（{{name}}）：{{units}} 口 基準価額 {{nav}}',
    },
    group: { products: 'AIスマート運用' },
    inbox: {
      product_struck: {
        title: 'AIスマート運用 約定：{{name}}',
        body: '{{amount}} {{currency}} の申込が {{date}} の基準価額 {{nav}} で {{units}} 口になりました。',
      },
      product_paid: {
        title: 'AIスマート運用 解約代金：{{name}}',
        body: '{{units}} 口（基準価額 {{nav}}）の解約代金 {{amount}} {{currency}} を現金に入金しました。',
      },
    },
  },
  cn: {
    kind: {
      product_follow: 'AI智能交易 跟单',
      product_struck: 'AI智能交易 成交',
      product_book_trade: 'AI智能交易 调仓',
      product_redeem_paid: 'AI智能交易 赎回',
    },
    memo: {
      product_follow: '{{name}}（#{{product}}）跟单 {{order}}：冻结至下一净值',
      product_struck: '跟单 {{order}}（{{name}}）：净值 {{nav}}，{{units}} 份',
      product_book_trade: '{{name}}（#{{product}}）按 {{date}} 收盘价调仓',
      product_redeem_paid: '赎回 {{order}}（{{name}}）：{{units}} 份，净值 {{nav}}',
    },
    group: { products: 'AI智能交易' },
    inbox: {
      product_struck: {
        title: 'AI智能交易 成交：{{name}}',
        body: '您的 {{amount}} {{currency}} 跟单已按 {{date}} 净值 {{nav}} 确认为 {{units}} 份。',
      },
      product_paid: {
        title: 'AI智能交易 赎回到账：{{name}}',
        body: '{{units}} 份（净值 {{nav}}）的赎回款 {{amount}} {{currency}} 已转入现金。',
      },
    },
  },
  us: {
    kind: {
      product_follow: 'AI trading follow',
      product_struck: 'AI trading units issued',
      product_book_trade: 'AI trading rebalance',
      product_redeem_paid: 'AI trading redemption',
    },
    memo: {
      product_follow: 'Follow {{name}} (#{{product}}): order {{order}} held until the next NAV',
      product_struck: 'Follow order {{order}} ({{name}}): {{units}} units at NAV {{nav}}',
      product_book_trade: '{{name}} (#{{product}}) rebalanced at the {{date}} close',
      product_redeem_paid:
        'Redemption of order {{order}} ({{name}}): {{units}} units at NAV {{nav}}',
    },
    group: { products: 'AI smart trading' },
    inbox: {
      product_struck: {
        title: 'Follow started: {{name}}',
        body: 'Your {{amount}} {{currency}} bought {{units}} units of {{name}} at the {{date}} NAV of {{nav}}.',
      },
      product_paid: {
        title: 'Redemption paid: {{name}}',
        body: '{{amount}} {{currency}} for {{units}} units of {{name}} at NAV {{nav}} is now in your cash.',
      },
    },
  },
} as const satisfies StatementTexts;
