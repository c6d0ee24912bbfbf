import { Refusal, type IntradayWire, type IntradayTradeWire } from '@kabuto/schema/contracts';
import {
  applicationsForReview,
  applicationsOf,
  ownApplication,
  type Db,
  type IntradayApplicationRow,
} from '@kabuto/schema/db';
import { formatScaled, scaleOf, type Currency } from '@kabuto/schema/domain';
import {
  buyingPowerLeft,
  leverageText,
  OPEN_INTRADAY_STATUSES,
  openNotional,
  shownIntradayStatus,
  type IntradayStatus,
} from '@kabuto/schema/intraday';
import { findInstrument, formatPrice, type Market } from '@kabuto/schema/market';
import { type PositionRow, positionsOfApplication } from '@kabuto/schema/modules/trading';
import { userBalance } from '@kabuto/schema/modules/ledger';

interface ViewContext {
  readonly nowMs: number;
  readonly alwaysOpen: boolean;
}

const isOpen = (status: string) => (OPEN_INTRADAY_STATUSES as readonly string[]).includes(status);

/** The hold and open positions of an open application (nothing once it is settled). */
async function liveFigures(db: Db, row: IntradayApplicationRow) {
  if (!isOpen(row.status)) return { balance: 0n, openMargin: 0n, openNotional: 0n };
  const market = row.market as Market;
  const open = await positionsOfApplication(db, row.id, { status: 'holding' });
  const held = await userBalance(
    db,
    Number(row.user_id),
    'hold:intraday',
    row.currency as Currency,
  );
  return {
    balance: held,
    openMargin: open.reduce((sum, p) => sum + p.margin, 0n),
    openNotional: openNotional(market, open),
  };
}

/**
 * One application on the wire. `pnl` is released − amount once settled; before, what the closed
 * trades made net of every fee so far (hold + open margins − amount: money is conserved).
 */
export async function applicationWire(
  db: Db,
  row: IntradayApplicationRow,
  view: ViewContext,
): Promise<IntradayWire> {
  const currency = row.currency as Currency;
  const money = (minor: bigint) => formatScaled(minor, scaleOf(currency));
  const live = await liveFigures(db, row);
  const session = { opensAtMs: Number(row.opens_at) };
  const status = shownIntradayStatus(row.status, session, view.nowMs, view.alwaysOpen);
  const pnl = row.pnl ?? (isOpen(row.status) ? live.balance + live.openMargin - row.amount : 0n);
  return {
    id: String(row.id),
    market: row.market as Market,
    currency,
    amount: money(row.amount),
    leverage: leverageText(row.market as Market),
    buying_power: money(row.buying_power),
    buying_power_left: money(
      isOpen(row.status) ? buyingPowerLeft(row.buying_power, live.openNotional) : 0n,
    ),
    balance: money(live.balance),
    status,
    session_date: row.session_date,
    opens_at: Number(row.opens_at),
    closes_at: Number(row.closes_at),
    pnl: money(pnl),
    forced_close_fee: row.forced_close_fee === null ? null : money(row.forced_close_fee),
    created_at: Number(row.created_at),
    settled_at: row.settled_at === null ? null : Number(row.settled_at),
  };
}

function tradeWire(p: PositionRow, market: Market): IntradayTradeWire {
  const money = (minor: bigint) => formatScaled(minor, scaleOf(p.currency as Currency));
  return {
    position_id: String(p.id),
    order_id: String(p.order_id),
    symbol: p.symbol,
    name: findInstrument(p.symbol)?.names ?? null,
    side: p.side as 'long' | 'short',
    qty: Number(p.qty),
    open_price: formatPrice(p.open_price, market),
    margin: money(p.margin),
    open_fee: money(p.open_fee),
    status: p.status as 'holding' | 'closed',
    close_price: p.close_price === null ? null : formatPrice(p.close_price, market),
    close_fee: p.close_fee === null ? null : money(p.close_fee),
    pnl: p.realized_pnl === null ? null : money(p.realized_pnl),
    close_reason: p.close_reason,
    opened_at: Number(p.opened_at),
    closed_at: p.closed_at === null ? null : Number(p.closed_at),
  };
}

/** Stored statuses behind a shown one (`trading` is also a stored `applied` whose session opened). */
function storedStatuses(status: IntradayStatus | undefined): IntradayStatus[] | undefined {
  if (status === undefined) return undefined;
  return status === 'trading' || status === 'applied' ? ['applied', 'trading'] : [status];
}

/** `intraday/list`: the caller's applications, newest first, by shown status. */
export async function listApplications(
  db: Db,
  userId: number,
  status: IntradayStatus | undefined,
  view: ViewContext,
): Promise<IntradayWire[]> {
  const rows = await applicationsOf(db, userId, storedStatuses(status));
  const wires = await Promise.all(rows.map((row) => applicationWire(db, row, view)));
  return status === undefined ? wires : wires.filter((w) => w.status === status);
}

/** `intraday/detail`: one of the caller's applications with every trade opened under it. */
export async function applicationDetail(db: Db, userId: number, id: number, view: ViewContext) {
  const row = await ownApplication(db, userId, id);
  if (!row) throw new Refusal('not_found');
  const positions = await positionsOfApplication(db, row.id);
  return {
    application: await applicationWire(db, row, view),
    trades: positions.map((p) => tradeWire(p, row.market as Market)),
  };
}

/** The back office's list (`intraday/applications`). */
export async function applicationsForAdmin(
  db: Db,
  filter: { status?: IntradayStatus | undefined; market?: Market | undefined },
  view: ViewContext,
) {
  const rows = await applicationsForReview(db, {
    ...(filter.status ? { statuses: storedStatuses(filter.status) ?? [] } : {}),
    ...(filter.market ? { market: filter.market } : {}),
  });
  const wires = await Promise.all(
    rows.map(async (row) => ({
      ...(await applicationWire(db, row, view)),
      user_id: String(row.user_id),
    })),
  );
  return filter.status === undefined ? wires : wires.filter((w) => w.status === filter.status);
}
