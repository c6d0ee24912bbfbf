import { Button, Dialog, Tabs } from 'antd-mobile';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import i18next from 'i18next';
import { auditTime, merge, startWith } from 'rxjs';
import type { AssetsData } from '@kabuto/schema/contracts';
import { HeaderBar } from '../../components/header-bar.tsx';
import { NoData } from '../../components/no-data.tsx';
import { formatAmount, formatMoney } from '../../lib/format.ts';
import { callApi } from '../../lib/api-client.ts';
import { PullRefresh } from '../../components/pull-refresh.tsx';
import { storage } from '../../lib/storage.ts';
import { instrumentName } from '../../lib/instrument-name.ts';
import { translateMsg } from '../../lib/i18n.ts';
import { showMessage } from '../../lib/toast.ts';
import { fromSocketEvent } from '../../lib/rx-socket.ts';
import { accountResync$ } from '../../lib/account-seq.ts';
import { assetsState } from '../../lib/assets.store.ts';
import { quoteTicks$ } from '../../lib/quote-stream.ts';
import { trendOf } from '../../lib/trend.ts';
import { PendingRow } from './pending-row.tsx';
import { tradingApi, type PendingOrder, type PositionItem } from './trading.api.ts';
import '../../components/quotes.css';

/** A price with separators, or a dash where the row has none yet. */
const priceOrDash = (price: string | null | undefined) => (price ? formatMoney(price) : '--');

/** The stock's name in the reader's language; its code where a row carries no names. */
const nameOf = (item: { symbol: string; name?: PositionItem['name'] }) =>
  instrumentName(item, storage.language());

/** The summary's P&L and market value are the holdings list's own totals (fdyk, ccsz): one source with the rows. */
function Summary({
  summary,
  fdyk,
  ccsz,
}: {
  summary: AssetsData | null;
  fdyk: string | undefined;
  ccsz: string | undefined;
}) {
  const { t } = useTranslation();
  const cells: Array<[string, string | undefined, string]> = [
    ['trade.totalAssets', summary?.total, 'pos-total'],
    ['trade.profit', fdyk, 'pos-profit'],
    ['trade.marketValue', ccsz, 'pos-mv'],
    ['trade.buyingPower', summary?.available, 'pos-available'],
    ['trade.workingFunds', summary?.frozen, 'pos-frozen'],
  ];
  return (
    <div
      className="card figure-grid"
      style={{ gridTemplateColumns: '1fr 1fr' }}
      data-testid="positions-summary"
    >
      {cells.map(([label, value, id]) => (
        <div className="figure" key={label}>
          <label>{t(label)}</label>
          <strong className={label === 'trade.profit' ? trendOf(value) : ''} data-testid={id}>
            {formatAmount(value, summary?.currency ?? storage.currency().toUpperCase())}
          </strong>
        </div>
      ))}
    </div>
  );
}

/** An open position margin may be added to: not a day trade (those close at the session's end). */
/**
 * Added margin only moves a stop-out: never for a day trade (settled at the close) nor for a
 * holding no price can stop out (a long paid in full: a new share, any long at leverage 1, or one
 * whose margin already covers its value).
 */
export const takesCredit = (item: PositionItem): item is Extract<PositionItem, { status: 0 }> =>
  item.status === 0 && !item.intraday && item.stop_out_price !== null;

/** A row's small action button: its own tap, not the row's (which opens the detail). */
function RowButton(props: { testId: string; label: string; onTap: () => void }) {
  return (
    <Button
      size="mini"
      onClick={(e: { stopPropagation(): void }) => {
        e.stopPropagation();
        props.onTap();
      }}
      data-testid={props.testId}
    >
      {props.label}
    </Button>
  );
}

function HoldingRow({
  item,
  onClose,
  onOpen,
  onAddCredit,
}: {
  item: PositionItem;
  onClose?: (item: PositionItem) => void;
  onOpen: (item: PositionItem) => void;
  onAddCredit?: (item: PositionItem) => void;
}) {
  const { t } = useTranslation();
  return (
    <div
      className="quote-row"
      style={{ gridTemplateColumns: '1fr auto' }}
      data-testid={`position-${item.position_id}`}
      onClick={() => onOpen(item)}
    >
      <div style={{ minWidth: 0 }}>
        <div className="name">
          {nameOf(item)}{' '}
          <small className={item.side === 'long' ? 'rise' : 'fall'}>
            {t(`trade.${item.side}`)} ×{item.leverage}
          </small>
        </div>
        <div className="code">
          {item.symbol} · {item.stock_num} · {t('trade.buyPrice')} {formatMoney(item.buy_price)} →{' '}
          {priceOrDash(item.status === 0 ? item.nowprice : item.sell_price)}
        </div>
      </div>
      <div style={{ textAlign: 'right' }}>
        <div className={`num ${trendOf(item.yingkui)}`} data-testid={`pnl-${item.position_id}`}>
          {formatAmount(item.yingkui, item.currency)}
        </div>
        {onClose ? null : (
          <span className="muted">
            {item.status === 1 && item.reason === 'stop_out'
              ? t('trade.stopOut')
              : t('trade.closed')}
          </span>
        )}
      </div>
      {onClose ? <RowActions item={item} onClose={onClose} onAddCredit={onAddCredit} /> : null}
    </div>
  );
}

/** An open row's actions: what the day trade is, Add margin where it can help, and Close or why not. */
function RowActions({
  item,
  onClose,
  onAddCredit,
}: {
  item: PositionItem;
  onClose: (item: PositionItem) => void;
  onAddCredit?: ((item: PositionItem) => void) | undefined;
}) {
  const { t } = useTranslation();
  return (
    <div className="row-actions">
      {'intraday' in item && item.intraday ? (
        // A day trade takes no added margin (it closes at the session's end): say what it is.
        <span className="muted intraday-tag" data-testid={`intraday-tag-${item.position_id}`}>
          {t('trade.intraday')}
        </span>
      ) : null}
      {onAddCredit && takesCredit(item) ? (
        <RowButton
          testId={`add-credit-${item.position_id}`}
          label={t('credit.addCredit')}
          onTap={() => onAddCredit(item)}
        />
      ) : null}
      {item.status === 0 && item.close_blocked === 't_plus_one' ? (
        // A China long bought today: no Close that could only be refused; say when it can.
        <span className="muted" data-testid={`t-plus-one-${item.position_id}`}>
          {t('trade.sellableNextDay')}
        </span>
      ) : (
        <RowButton
          testId={`close-${item.position_id}`}
          label={t('trade.close')}
          onTap={() => onClose(item)}
        />
      )}
    </div>
  );
}

interface PositionsSnapshot {
  summary: AssetsData | null;
  holdings: PositionItem[] | null;
  fdyk?: string;
  ccsz?: string;
  closed: PositionItem[] | null;
  pending: PendingOrder[];
}

/** Summary, holdings, closed trades and pending orders fetched together and shown together (one refresh). */
async function loadSnapshot(): Promise<PositionsSnapshot> {
  const [summary, open, done, resting] = await Promise.all([
    callApi('user/assets', { type: storage.currency() }, { quiet: true }),
    tradingApi.holdings(),
    tradingApi.closed(),
    tradingApi.pending(),
  ]);
  return {
    summary: summary.status === 1 ? summary.data : null,
    holdings: open.items,
    fdyk: open.fdyk,
    ccsz: open.ccsz,
    closed: done.items,
    pending: resting,
  };
}

/** Anything that moves a figure: an order, a fill, a fund change, an asset recomputation, a reconnect or a lost event. */
const accountChanges$ = () =>
  merge(
    fromSocketEvent('order:updated'),
    fromSocketEvent('assets:updated'),
    fromSocketEvent('fund:updated'),
    accountResync$(),
  );

const EMPTY_SNAPSHOT: PositionsSnapshot = {
  summary: null,
  holdings: null,
  closed: null,
  pending: [],
};

/** The positions snapshot, loaded on mount and again on every account change and (throttled) price tick. */
function usePositionsSnapshot() {
  const [snapshot, setSnapshot] = useState<PositionsSnapshot>(EMPTY_SNAPSHOT);
  const reload = useCallback(async () => {
    const next = await loadSnapshot();
    setSnapshot(next);
    if (next.summary) assetsState.summary = next.summary;
  }, []);
  useEffect(() => {
    // The first load is the mount itself; later ones follow the account's changes.
    const changes = accountChanges$()
      .pipe(auditTime(300), startWith(null))
      .subscribe(() => void reload());
    return () => changes.unsubscribe();
  }, [reload]);
  const symbols = [...new Set(snapshot.holdings?.map((h) => h.symbol) ?? [])].join(',');
  useEffect(() => {
    if (!symbols) return undefined;
    // Prices move: the server revalues; summary and rows refresh together at most every 2 s while ticks arrive.
    const subscription = quoteTicks$(symbols.split(','))
      .pipe(auditTime(2000))
      .subscribe(() => void reload());
    return () => subscription.unsubscribe();
  }, [symbols, reload]);
  return { snapshot, reload };
}

/** Asks first; on yes runs the command, shows its message when it succeeded, and reloads either way. */
async function confirmThenRun(
  content: string,
  command: () => Promise<{ status: number; msg: string }>,
  reload: () => Promise<void>,
  labels: { confirm: string; keep: string } = {
    confirm: i18next.t('common.confirm'),
    keep: i18next.t('common.cancel'),
  },
) {
  const confirmed = await Dialog.confirm({
    content,
    confirmText: labels.confirm,
    cancelText: labels.keep,
  });
  if (!confirmed) return;
  const response = await command();
  if (response.status === 1) showMessage(translateMsg(response.msg));
  void reload();
}

/** The holdings tab: pending orders (cancellable) above open positions (closable). */
function HoldingsList({
  snapshot,
  onCancel,
  onClose,
  onOpen,
  onAddCredit,
}: {
  snapshot: PositionsSnapshot;
  onCancel: (order: PendingOrder) => void;
  onClose: (item: PositionItem) => void;
  onOpen: (item: PositionItem) => void;
  onAddCredit: (item: PositionItem) => void;
}) {
  const { holdings, pending } = snapshot;
  return (
    <>
      {pending.map((o) => (
        <PendingRow key={o.order_id} order={o} onCancel={onCancel} />
      ))}
      {holdings?.length === 0 && pending.length === 0 ? (
        <NoData />
      ) : (
        holdings?.map((item) => (
          <HoldingRow
            key={item.position_id}
            item={item}
            onClose={onClose}
            onOpen={onOpen}
            onAddCredit={onAddCredit}
          />
        ))
      )}
    </>
  );
}

const TABS = ['newShares', 'follow', 'holdings', 'closed'] as const;

/** The tabs another feature fills, composed by the app. */
interface ComposedTabs {
  readonly newSharesTab: ReactNode;
  readonly followTab: ReactNode;
}

/**
 * Positions (/position/index): the server's figures, holdings with live P&L, pending orders, closed
 * trades. `newSharesTab` and `followTab`: the new-shares and follow tabs' content, composed by the
 * app (trading never imports ipo or products).
 */
export function PositionsScreen({ newSharesTab, followTab }: ComposedTabs) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The tab is kept in the address (replaced, not pushed): Back from a detail returns to it.
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((k) => k === params.get('tab')) ?? 'holdings';
  const setTab = (key: string) => setParams({ tab: key }, { replace: true });
  const { snapshot, reload } = usePositionsSnapshot();
  const { closed } = snapshot;
  const close = (item: PositionItem) =>
    void confirmThenRun(
      t('trade.closeConfirm', { name: nameOf(item), qty: item.stock_num }),
      () => tradingApi.close(item.position_id),
      reload,
    );
  const cancel = (order: PendingOrder) =>
    void confirmThenRun(
      t('trade.cancelConfirm', { symbol: nameOf(order) }),
      () => tradingApi.cancel(order.order_id),
      reload,
      // Two plain answers: "Cancel" alone could mean either.
      { confirm: t('trade.cancelOrder'), keep: t('trade.keepOrder') },
    );
  const open = (item: PositionItem) => void navigate(`/position/info?id=${item.position_id}`);
  // The detail screen, scrolled to its add-margin form (preview of the stop-out move, confirm).
  const addCredit = (item: PositionItem) =>
    void navigate(`/position/info?id=${item.position_id}&credit=1`);
  return (
    <div className="screen" data-testid="positions-screen">
      <HeaderBar title={t('menu.trade')} left="none" />
      <Summary summary={snapshot.summary} fdyk={snapshot.fdyk} ccsz={snapshot.ccsz} />
      <PullRefresh onRefresh={reload}>
        <Tabs activeKey={tab} onChange={setTab} style={{ background: '#fff' }}>
          <Tabs.Tab
            key="newShares"
            title={<span data-testid="tab-new-shares">{t('trade.newShares')}</span>}
          >
            {tab === 'newShares' ? newSharesTab : null}
          </Tabs.Tab>
          <Tabs.Tab key="follow" title={t('trade.follow')}>
            {tab === 'follow' ? followTab : null}
          </Tabs.Tab>
          <Tabs.Tab
            key="holdings"
            title={<span data-testid="tab-holdings">{t('trade.holdings')}</span>}
          >
            <HoldingsList
              snapshot={snapshot}
              onCancel={cancel}
              onClose={close}
              onOpen={open}
              onAddCredit={addCredit}
            />
          </Tabs.Tab>
          <Tabs.Tab
            key="closed"
            title={<span data-testid="tab-closed">{t('trade.closedTrades')}</span>}
          >
            {closed?.length === 0 ? (
              <NoData />
            ) : (
              closed?.map((item) => <HoldingRow key={item.position_id} item={item} onOpen={open} />)
            )}
          </Tabs.Tab>
        </Tabs>
      </PullRefresh>
    </div>
  );
}
