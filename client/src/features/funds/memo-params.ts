import { formatAmount, formatMoney } from '../../lib/format.ts';

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
