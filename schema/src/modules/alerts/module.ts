import { defineModule, types } from '../define-module.ts';
import type { AlertTriggered } from './contracts.ts';
import type { AlertsTables } from './db/alerts.table.ts';

const inbox = (title: string, body: string) => ({ title, body });

/**
 * Price alerts: above, below or a day's change per symbol, met by the feed's prints in the
 * workers (an index by symbol and threshold), each firing once with an inbox line, a socket event
 * and a Web Push notification to every browser that allowed it. Moves no money.
 */
export const alertsModule = defineModule({
  name: 'alerts',
  layer: 'product',
  // An alert the price already meets (it would fire at once); more than the per-user limit.
  // A value out of range: a price must be above 0, a day's change from −50% to 50% and not 0.
  refusalKeys: ['alert_already_met', 'alert_limit', 'alert_value_invalid'],
  msgTexts: {
    jp: {
      alert_already_met:
        '現在の株価がすでに条件を満たしています（次の変化で通知するよう値を変えてください）',
      alert_limit: 'アラートは1人50件までです。不要なアラートを削除してください',
      alert_value_invalid: '価格は0より大きく、前日比は−50%〜50%（0以外）で指定してください',
    },
    cn: {
      alert_already_met: '当前价格已满足该条件（请调整数值，以便在下次变动时提醒）',
      alert_limit: '每人最多设置50条提醒，请删除不需要的提醒',
      alert_value_invalid: '价格须大于0，涨跌幅须在−50%至50%之间且不为0',
    },
    us: {
      alert_already_met:
        'The price already meets this condition (choose a value the price has yet to reach)',
      alert_limit: 'You can keep up to 50 alerts; delete one you no longer need',
      alert_value_invalid: 'Enter a price above 0, or a day change from −50% to 50% (not 0)',
    },
  },
  inboxKinds: ['price_alert'],
  statementTexts: {
    memo: {},
    jp: {
      kind: {},
      memo: {},
      group: {},
      inbox: {
        price_alert: inbox(
          '株価アラート：{{symbol}}',
          '{{symbol}} が {{price}} になり、アラート「{{condition}}」の条件を満たしました。アラートは停止しました（再設定できます）。',
        ),
      },
    },
    cn: {
      kind: {},
      memo: {},
      group: {},
      inbox: {
        price_alert: inbox(
          '价格提醒：{{symbol}}',
          '{{symbol}} 现价 {{price}}，已满足提醒条件「{{condition}}」。该提醒已停止（可重新开启）。',
        ),
      },
    },
    us: {
      kind: {},
      memo: {},
      group: {},
      inbox: {
        price_alert: inbox(
          'Price alert: {{symbol}}',
          '{{symbol}} is at {{price}}, meeting your alert "{{condition}}". The alert has stopped (you can re-arm it).',
        ),
      },
    },
  },
  types: types<{
    accountEvents: { 'alert:triggered': AlertTriggered };
    messages: { kind: 'price_alert'; alert_id: string };
    tables: AlertsTables;
  }>(),
});
