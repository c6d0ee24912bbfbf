/**
 * What a journal's line in the statement says. The server keeps an English memo (audit, CSV)
 * and the template's parameters; the client shows `money.memo.<template>` in the user's language
 * with the same parameters. The English templates live only here.
 */
export const MEMO_TEMPLATES = {
  deposit: 'Deposit {{id}} ({{reference}})',
  withdrawal_hold: 'Withdrawal to {{bank}} {{account}}',
  withdrawal_paid: 'Withdrawal {{id}} paid',
  withdrawal_returned: 'Withdrawal {{id}} returned: {{reason}}',
  exchange:
    'Exchange {{amount}} {{from}} → {{receive}} {{to}} at {{rate}} (mid {{mid}}, spread {{spread}})',
  paper_grant: 'Paper trading grant (virtual money)',
  order_hold: 'Hold for limit order {{order}} ({{symbol}})',
  order_release: 'Cancel limit order {{order}} ({{symbol}})',
  position_open: 'Open {{side}} {{qty}} {{symbol}} at {{price}} ×{{leverage}}',
  limit_fill:
    'Limit order {{order}} filled: {{side}} {{qty}} {{symbol}} at {{price}} ×{{leverage}}',
  position_close: 'Close {{side}} {{qty}} {{symbol}} at {{price}}',
  stop_out_close: 'Stop-out close {{side}} {{qty}} {{symbol}} at {{price}}',
  ipo_payment: 'New share {{symbol}}: payment for {{lots}} lots won',
  ipo_listed: 'New share {{symbol}} listed: {{qty}} shares at {{price}}',
  loan_disbursed: 'Loan #{{id}} disbursed',
  loan_interest: 'Loan #{{id}} interest for {{date}}',
  loan_repaid: 'Loan #{{id}} repaid',
  intraday_hold: 'Intraday trading {{id}}: {{market}} session {{date}} held',
  intraday_close: 'Intraday close at the session close {{side}} {{qty}} {{symbol}} at {{price}}',
  intraday_forced_close_fee:
    'Intraday trading {{id}}: forced-close fee for {{positions}} positions',
  intraday_release: 'Intraday trading {{id}} settled: hold released',
  credit_add: 'Added credit #{{id}} to {{side}} {{symbol}} position {{position}}',
  block_hold: 'Block offer {{offer}} ({{symbol}}): {{lots}} lots at {{price}} held',
  block_settled: 'Block offer {{offer}} ({{symbol}}) settled: {{qty}} shares at {{price}}',
} as const;

export type MemoTemplate = keyof typeof MEMO_TEMPLATES;

export type MemoParams = Readonly<Record<string, string | number | bigint>>;

/** The English memo and the stored parameters (`template` names the client's string). */
export function journalMemo(
  template: MemoTemplate,
  params: MemoParams = {},
): { memo: string; memoParams: Readonly<Record<string, string>> } {
  const stored: Record<string, string> = { template };
  for (const [key, value] of Object.entries(params)) stored[key] = String(value);
  const memo = MEMO_TEMPLATES[template].replace(
    /\{\{(\w+)\}\}/g,
    (_, key: string) => stored[key] ?? '',
  );
  return { memo, memoParams: stored };
}
