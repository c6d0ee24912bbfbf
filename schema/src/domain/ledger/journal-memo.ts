import type { ModuleManifest, MsgLanguage, StatementTextsIn } from '../../modules/define-module.ts';
import { MODULES } from '../../modules/index.ts';
import type { JournalKind } from './journal.ts';

/**
 * What a journal's line in the statement says. The server keeps an English memo (audit, CSV)
 * and the template's parameters; the client shows `money.memo.<template>` in the user's language
 * with the same parameters. The kernel's English templates live here; a module's come with its
 * manifest (`statementTexts.memo`).
 */
const KERNEL_MEMO_TEMPLATES = {
  deposit: 'Deposit {{id}} ({{reference}})',
  withdrawal_hold: 'Withdrawal to {{bank}} {{account}}',
  withdrawal_paid: 'Withdrawal {{id}} paid',
  withdrawal_returned: 'Withdrawal {{id}} returned: {{reason}}',
  exchange:
    'Exchange {{amount}} {{from}} → {{receive}} {{to}} at {{rate}} (mid {{mid}}, spread {{spread}})',
  paper_grant: 'Paper trading grant (virtual money)',
  order_hold: 'Hold for order {{order}} ({{symbol}})',
  order_release: 'Release the hold of order {{order}} ({{symbol}})',
  position_open: 'Open {{side}} {{qty}} {{symbol}} at {{price}} ×{{leverage}}',
  limit_fill: 'Order {{order}} filled: {{side}} {{qty}} {{symbol}} at {{price}} ×{{leverage}}',
  position_close: 'Close {{side}} {{qty}} {{symbol}} at {{price}}',
  stop_out_close: 'Stop-out close {{side}} {{qty}} {{symbol}} at {{price}}',
  order_close: 'Order close {{side}} {{qty}} {{symbol}} at {{price}}',
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
} as const;

/** A kernel template, or a module's journal kind whose manifest ships its template. */
export type MemoTemplate = keyof typeof KERNEL_MEMO_TEMPLATES | JournalKind;

/** Every English memo template: the kernel's and each module's. */
export const MEMO_TEMPLATES: Readonly<Partial<Record<MemoTemplate, string>>> = Object.assign(
  {},
  ...(MODULES as readonly ModuleManifest[]).map((m) => m.statementTexts?.memo ?? {}),
  KERNEL_MEMO_TEMPLATES,
);

export type MemoParams = Readonly<Record<string, string | number | bigint>>;

/** The English memo and the stored parameters (`template` names the client's string). */
export function journalMemo(
  template: MemoTemplate,
  params: MemoParams = {},
): { memo: string; memoParams: Readonly<Record<string, string>> } {
  const stored: Record<string, string> = { template };
  for (const [key, value] of Object.entries(params)) stored[key] = String(value);
  const english = MEMO_TEMPLATES[template];
  if (english === undefined) throw new RangeError(`no memo template for ${template}`);
  const memo = english.replace(/\{\{(\w+)\}\}/g, (_, key: string) => stored[key] ?? '');
  return { memo, memoParams: stored };
}

/**
 * The statement texts the modules ship for their journal kinds, groups and inbox messages in one
 * language (`statementTexts`), merged: the client adds them under `money.` (the locale file wins).
 */
export function moduleStatementTexts(language: MsgLanguage): StatementTextsIn {
  const kind: Record<string, string> = {};
  const memo: Record<string, string> = {};
  const group: Record<string, string> = {};
  const inbox: Record<string, { title: string; body: string }> = {};
  for (const manifest of MODULES as readonly ModuleManifest[]) {
    const texts = manifest.statementTexts?.[language];
    Object.assign(kind, texts?.kind);
    Object.assign(memo, texts?.memo);
    Object.assign(group, texts?.group);
    Object.assign(inbox, texts?.inbox);
  }
  return { kind, memo, group, inbox };
}
