import { Refusal } from '@kabuto/schema/contracts';
import { writeTransaction } from '@kabuto/schema/db';
import { parseWholeMajorAmount, scaleOf } from '@kabuto/schema/domain';
import { addDays, findInstrument, type Market } from '@kabuto/schema/market';
import {
  lastClosedDate,
  marketToday,
  openingNav,
  type ProductStatus,
  type StrategyKind,
} from '@kabuto/schema/modules/products/domain/index.ts';
import {
  allProducts,
  findProduct,
  holdersByProduct,
  insertProduct,
  moveProductStatus,
  navSeriesByProduct,
  updateDraft,
  type ProductTerms,
} from '@kabuto/schema/modules/products/db/products.repository.ts';
import { formatUnits } from '@kabuto/schema/modules/products/domain/index.ts';
import type { AdminCaller } from '../../http/call.ts';
import type { GatewayDeps } from '../../infra/deps.ts';
import { audit } from '../admin/public.ts';
import { moneyIn, productToWire } from './product-wire.ts';

export interface ProductInput {
  readonly name: string;
  readonly issuer: string;
  readonly strategy: StrategyKind;
  readonly universe: string;
  readonly min_amount: string | number;
  readonly deadline_at: number;
  readonly lockup_days: number;
  readonly fee_bps: number;
  readonly first_date?: string | undefined;
}

const invalid = (field: string, why: string) =>
  new Refusal('invalid_param', { fields: { [field]: why } });

/** The universe: known stocks of one market, no repeats; the pair exactly two. */
function universeOf(text: string, strategy: StrategyKind): { symbols: string[]; market: Market } {
  const symbols = [...new Set(text.split(',').map((s) => s.trim().toUpperCase()))].filter(Boolean);
  const instruments = symbols.map((symbol) => findInstrument(symbol));
  if (instruments.some((i) => !i || i.kind !== 'stock')) throw invalid('universe', 'not_a_stock');
  const markets = new Set(instruments.map((i) => i?.market));
  const [market] = markets;
  if (markets.size !== 1 || !market) throw invalid('universe', 'one_market');
  if (strategy === 'pair' ? symbols.length !== 2 : symbols.length > 10) {
    throw invalid('universe', strategy === 'pair' ? 'two_symbols' : 'at_most_ten');
  }
  if (symbols.length < 2) throw invalid('universe', 'at_least_two');
  return { symbols: instruments.map((i) => i?.symbol as string), market };
}

/** How far ahead a deadline may be, and how far back a NAV history may start (it is computed). */
const DEADLINE_MAX_MS = 2 * 366 * 86_400_000;
const HISTORY_MAX_DAYS = 3 * 366;

/** A calendar date that exists (`2026-02-31` does not). */
function isRealDate(date: string): boolean {
  const ms = Date.parse(`${date}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === date;
}

/**
 * The first NAV date: a real date, not in the future, at most three years back, and not after
 * the market's last close before the product was created (its history runs from the first date
 * to that close; a later first date would leave it without a NAV, and its follows unstruck).
 */
function firstDateOf(
  input: ProductInput,
  market: Market,
  at: { nowMs: number; createdAtMs: number },
) {
  const today = marketToday(market, at.nowMs);
  const firstDate = input.first_date ?? addDays(today, -365);
  if (!isRealDate(firstDate)) throw invalid('first_date', 'invalid');
  if (firstDate > today) throw invalid('first_date', 'in_the_future');
  if (firstDate < addDays(today, -HISTORY_MAX_DAYS)) throw invalid('first_date', 'too_early');
  if (firstDate > lastClosedDate(market, at.createdAtMs)) {
    throw invalid('first_date', 'after_last_close');
  }
  return firstDate;
}

/**
 * The checked terms: a universe of one market's stocks, a whole minimum, a deadline in the next
 * two years, a first NAV date in the last three.
 */
function checkedTerms(input: ProductInput, nowMs: number, createdAtMs = nowMs): ProductTerms {
  const { symbols, market } = universeOf(input.universe, input.strategy);
  const currency = findInstrument(symbols[0] as string)?.currency ?? 'JPY';
  const minAmount = parseWholeMajorAmount(input.min_amount, currency);
  if (minAmount === null) throw invalid('min_amount', 'invalid');
  if (input.deadline_at <= nowMs) throw invalid('deadline_at', 'in_the_past');
  if (input.deadline_at > nowMs + DEADLINE_MAX_MS) throw invalid('deadline_at', 'too_far');
  const firstDate = firstDateOf(input, market, { nowMs, createdAtMs });
  return {
    ...{ name: input.name, issuer: input.issuer, strategy: input.strategy },
    ...{ universe: symbols, market, currency, minAmount },
    ...{ deadlineMs: input.deadline_at, lockupDays: input.lockup_days, feeBps: input.fee_bps },
    firstDate,
  };
}

const auditDetail = (terms: ProductTerms) => ({ ...terms, minAmount: String(terms.minAmount) });

/** `product/create` (back office): a draft with an empty book, audited. */
export async function createProduct(deps: GatewayDeps, admin: AdminCaller, input: ProductInput) {
  const nowMs = deps.clock.nowMs();
  const terms = checkedTerms(input, nowMs);
  return writeTransaction(deps.db, async (trx) => {
    const id = await insertProduct(trx, terms, openingNav(scaleOf(terms.currency)), nowMs);
    const detail = auditDetail(terms);
    await audit(trx, {
      ...{ adminId: admin.adminId, action: 'product_create', subject: `product:${id}` },
      ...{ detail, nowMs },
    });
    return { id: String(id) };
  });
}

/** `product/update` (back office): new terms while a draft (`product_unavailable` after). */
export async function updateProduct(
  deps: GatewayDeps,
  admin: AdminCaller,
  input: ProductInput & { id: number },
) {
  const nowMs = deps.clock.nowMs();
  const existing = await findProduct(deps.db, input.id);
  if (!existing) throw new Refusal('not_found');
  const terms = checkedTerms(input, nowMs, existing.createdAtMs);
  await writeTransaction(deps.db, async (trx) => {
    if (!(await updateDraft(trx, input.id, terms, nowMs))) throw new Refusal('product_unavailable');
    const detail = auditDetail(terms);
    await audit(trx, {
      ...{ adminId: admin.adminId, action: 'product_update', subject: `product:${input.id}` },
      ...{ detail, nowMs },
    });
  });
  return null;
}

/** `product/open` and `product/close` (back office): draft → open, open → closed; audited. */
export async function moveProduct(
  deps: GatewayDeps,
  admin: AdminCaller,
  id: number,
  move: { from: ProductStatus; to: ProductStatus; action: 'product_open' | 'product_close' },
) {
  const nowMs = deps.clock.nowMs();
  if (!(await findProduct(deps.db, id))) throw new Refusal('not_found');
  await writeTransaction(deps.db, async (trx) => {
    if (!(await moveProductStatus(trx, id, move.from, move.to, nowMs))) {
      throw new Refusal('product_unavailable');
    }
    await audit(trx, {
      ...{ adminId: admin.adminId, action: move.action, subject: `product:${id}` },
      ...{ detail: { from: move.from, to: move.to }, nowMs },
    });
  });
  return null;
}

/** `product/list` (back office): every product with its book and holders. */
export async function adminProductList(deps: GatewayDeps) {
  const nowMs = deps.clock.nowMs();
  const [products, series, holders] = await Promise.all([
    allProducts(deps.db),
    navSeriesByProduct(deps.db),
    holdersByProduct(deps.db),
  ]);
  return products.map((p) => ({
    ...productToWire(p, series.get(p.id) ?? [], nowMs),
    listing_status: p.status,
    units: formatUnits(p.bookUnits),
    book_cash: moneyIn(p, p.bookCash),
    holders: holders.get(p.id) ?? 0,
  }));
}
