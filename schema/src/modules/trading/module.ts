import { defineModule } from '../define-module.ts';
import { TRADING_JOURNAL_KINDS } from '../../domain/trading/journal-kinds.ts';

/** Orders and positions (kernel): the one writer of `position` and `trade_order`. */
export const tradingModule = defineModule({
  name: 'trading',
  layer: 'kernel',
  inboxKinds: ['margin_call', 'stop_out', 'order_triggered', 'order_filled', 'order_ended'],
  // Orders beyond market and limit: a trigger on the wrong side of the price (it would fire at
  // once) or off the tick grid, a trail out of range, a validity past six months or before today,
  // OCO / IFD legs that do not belong together.
  refusalKeys: ['trigger_invalid', 'trail_invalid', 'validity_invalid', 'order_legs_mismatch'],
  msgTexts: {
    jp: {
      trigger_invalid:
        'トリガー価格が不正です（買いは現在値より上、売りは下、呼値の単位で指定してください）',
      trail_invalid: 'トレール幅が不正です（値幅は呼値の単位、率は0.1%〜50%）',
      validity_invalid: '有効期限が不正です（当日から6か月以内の日付を指定してください）',
      order_legs_mismatch: 'セット注文の各注文は同じ銘柄・同じ建玉に対するものにしてください',
    },
    cn: {
      trigger_invalid: '触发价无效（买入需高于现价、卖出需低于现价，并符合最小变动价位）',
      trail_invalid: '跟踪幅度无效（价差须符合最小变动价位，比例为0.1%–50%）',
      validity_invalid: '有效期无效（请选择今天起6个月内的日期）',
      order_legs_mismatch: '组合委托的各笔委托须针对同一股票、同一持仓',
    },
    us: {
      trigger_invalid:
        'Invalid trigger price (above the last price to buy, below it to sell, on the tick size)',
      trail_invalid: 'Invalid trail (a price on the tick size, or 0.1%–50%)',
      validity_invalid: 'Invalid validity (a date from today up to six months ahead)',
      order_legs_mismatch: "An order group's orders must be for the same stock and position",
    },
  },
  journalKinds: TRADING_JOURNAL_KINDS,
  // The ledger's own stand-alone fee and reversal go with trades, where a user looks for them,
  // and order holds too: money held for a trade.
  statementGroups: { trades: { rank: 40, kinds: [...TRADING_JOURNAL_KINDS, 'fee', 'reversal'] } },
  // A live order (resting limit, waiting stop) fills, is cancelled or expires; an IFD's second
  // order waits inactive until its first fills (then it goes live) or ends (then it is cancelled).
  holdLifecycles: {
    trade_order: {
      pending: ['filled', 'cancelled', 'expired'],
      inactive: ['pending', 'cancelled'],
    },
  },
});
