import type { AlertCondition } from './alert-index.ts';

type Language = 'jp' | 'cn' | 'us';

const CONDITION: Record<Language, Record<AlertCondition, string>> = {
  jp: { above: '{{value}} 以上', below: '{{value}} 以下', change_pct: '前日比 {{value}}%' },
  cn: { above: '高于 {{value}}', below: '低于 {{value}}', change_pct: '涨跌幅 {{value}}%' },
  us: {
    above: 'at or above {{value}}',
    below: 'at or below {{value}}',
    change_pct: 'day change {{value}}%',
  },
};

const TITLE: Record<Language, string> = {
  jp: '株価アラート：{{name}}',
  cn: '价格提醒：{{name}}',
  us: 'Price alert: {{name}}',
};

const BODY: Record<Language, string> = {
  jp: '{{name}} が {{price}} になりました（{{condition}}）',
  cn: '{{name}} 现价 {{price}}（{{condition}}）',
  us: '{{name}} is at {{price}} ({{condition}})',
};

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

/** A triggered alert's notification in the subscriber's language. */
export function alertNotification(
  language: Language,
  alert: { name: string; price: string; condition: AlertCondition; value: string },
): { title: string; body: string } {
  const condition = fill(CONDITION[language][alert.condition], { value: alert.value });
  const values = { name: alert.name, price: alert.price, condition };
  return { title: fill(TITLE[language], values), body: fill(BODY[language], values) };
}
