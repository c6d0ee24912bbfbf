import type { CreditItem, CreditPreview } from '@kabuto/schema/contracts';
import { creditsOfUser, openCreditTotal } from '@kabuto/schema/db';
import { formatScaled, scaleOf } from '@kabuto/schema/domain';
import { findInstrument } from '@kabuto/schema/market';
import type { GatewayDeps } from '../../infra/deps.ts';
import { holdingPosition } from './add-credit.service.ts';
import { creditAmountOf, creditFigures } from './credit-figures.ts';

type Lang = 'jp' | 'cn' | 'us';

/** `trade/creditpreview`: what adding `amount` would do to the position (nothing is written). */
export async function creditPreview(
  deps: GatewayDeps,
  userId: number,
  input: { position_id: number; amount?: string | number | undefined },
): Promise<CreditPreview> {
  const position = await holdingPosition(deps.db, userId, input.position_id);
  const amount = creditAmountOf(input.amount, position);
  return creditFigures(position, await openCreditTotal(deps.db, position.id), amount);
}

function nameIn(symbol: string, lang: Lang): string {
  const names = findInstrument(symbol)?.names;
  if (!names) return symbol;
  if (lang === 'cn') return names.zh;
  return lang === 'us' ? names.en : names.ja;
}

/**
 * `trade/ustockslist`: the caller's added credits in the spec's shape, newest first: `status` 0
 * while the position is open, 1 once returned with its margin; `credit` is the amount in the
 * position's currency (major units).
 */
export async function creditList(
  deps: GatewayDeps,
  userId: number,
  lang: Lang,
): Promise<CreditItem[]> {
  const credits = await creditsOfUser(deps.db, userId);
  const data = credits.map((credit): CreditItem => {
    const { symbol } = credit;
    return {
      id: String(credit.id),
      status: credit.status === 'open' ? 0 : 1,
      state: credit.status,
      credit: formatScaled(credit.amount, scaleOf(credit.currency)),
      currency: credit.currency,
      position_id: String(credit.positionId),
      symbol,
      name: nameIn(symbol, lang),
      created_at: credit.createdAtMs,
      returned_at: credit.returnedAtMs,
    };
  });
  return data;
}
