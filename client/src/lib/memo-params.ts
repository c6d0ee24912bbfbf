import type { TFunction } from 'i18next';
import { formatAmount, formatMoney } from './format.ts';

/** Memo parameters that are amounts of money (digit-grouped, as the row shows its amount). */
const MONEY_PARAMS = ['amount', 'receive'] as const;
/** Memo parameters that are a trade's price in the row's currency ("@2,912.5 JPY"). */
const PRICE_PARAMS = ['price'] as const;

/**
 * A journal's memo parameters as a statement line shows them: amounts digit-grouped, a trade's
 * price digit-grouped with its currency (the row's: a trade settles in its instrument's
 * currency). Words (side, reason) are the screen's to translate.
 */
export function formatMemoParams(
  params: Readonly<Record<string, string>>,
  currency: string,
): Record<string, string> {
  const shown: Record<string, string> = { ...params };
  for (const key of MONEY_PARAMS) if (shown[key]) shown[key] = formatMoney(shown[key]);
  for (const key of PRICE_PARAMS) if (shown[key]) shown[key] = formatAmount(shown[key], currency);
  return shown;
}

/**
 * A journal's memo in the reader's language (the app's statement, the console's): its template
 * with the parameters shown as the row shows them; the server's English memo for journals
 * written before memos had parameters.
 */
export function memoText(
  t: TFunction,
  row: { memo: string; memo_params: Readonly<Record<string, string>> | null; currency: string },
): string {
  const params = row.memo_params;
  if (!params?.['template']) return row.memo;
  const shown = formatMemoParams(params, row.currency);
  if (shown['side']) shown['side'] = t(`money.side.${shown['side']}`);
  // A reason may be a refusal's msg key (a bank that refused a payout): shown in words.
  if (shown['reason']) {
    shown['reason'] = t(`msg.${shown['reason']}`, { defaultValue: shown['reason'] });
  }
  return t(`money.memo.${params['template']}`, { ...shown, defaultValue: row.memo });
}
