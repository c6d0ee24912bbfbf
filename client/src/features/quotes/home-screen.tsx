import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Badge } from 'antd-mobile';
import type { QuoteRow } from '@kabuto/schema/contracts';
import { Icon } from '../../components/icons.tsx';
import { NoData } from '../../components/no-data.tsx';
import { NewsLatest } from '../../components/news-latest.tsx';
import { unreadBadge, useUnreadCount } from '../../lib/unread.store.ts';
import { LivePrice, LiveRate } from './quote-bits.tsx';
import { QuoteListRow } from './quote-bits.tsx';
import { quotesApi, type Market } from './quotes.api.ts';
import { useLiveList } from './use-live-list.ts';
import '../../components/quotes.css';

const MARKETS: readonly Market[] = ['JP', 'US', 'CN'];
const RANKINGS = ['gainers', 'losers', 'turnover'] as const;

export function IndexStrip({
  rows,
  onOpen,
}: {
  rows: readonly QuoteRow[];
  onOpen: (symbol: string) => void;
}) {
  return (
    <div className="index-strip" data-testid="index-strip">
      {rows.map((row) => (
        <div
          key={row.symbol}
          className="index-card"
          role="button"
          tabIndex={0}
          onClick={() => onOpen(row.symbol)}
        >
          <div className="label">{row.name}</div>
          <div className="value">
            <LivePrice symbol={row.symbol} fallback={row.price} />
          </div>
          <div className="rate">
            <LiveRate symbol={row.symbol} fallback={row.change_rate} />
          </div>
        </div>
      ))}
    </div>
  );
}

function HomeHeader() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const unread = useUnreadCount();
  return (
    <div className="home-header">
      <button
        type="button"
        className="icon-btn"
        aria-label={unread > 0 ? t('quotes.inboxUnread', { count: unread }) : t('quotes.inbox')}
        onClick={() => navigate('/mine/message')}
        data-testid="home-bell"
        data-unread={unread}
      >
        <Badge
          content={
            unread > 0 ? <span data-testid="home-bell-count">{unreadBadge(unread)}</span> : null
          }
        >
          <Icon name="bell" />
        </Badge>
      </button>
      <div
        className="search-box"
        role="button"
        tabIndex={0}
        onClick={() => navigate('/quotes/search')}
        data-testid="home-search"
      >
        <Icon name="search" size={16} /> {t('quotes.searchHint')}
      </div>
      <button
        type="button"
        className="icon-btn"
        aria-label={t('quotes.settings')}
        onClick={() => navigate('/mine/verified')}
        data-testid="home-settings"
      >
        <Icon name="gear" />
      </button>
    </div>
  );
}

function Rankings({ onOpen }: { onOpen: (symbol: string) => void }) {
  const { t } = useTranslation();
  const [market, setMarket] = useState<Market>('JP');
  const [kind, setKind] = useState<(typeof RANKINGS)[number]>('gainers');
  const rows = useLiveList(() => quotesApi.rankings(market, kind), `${market}:${kind}`);
  return (
    <>
      <div className="section-title">
        <span>{t('quotes.ranking')}</span>
        <span className="chart-options" style={{ padding: 0, background: 'none' }}>
          <span className="group">
            {MARKETS.map((m) => (
              <button
                type="button"
                key={m}
                className={m === market ? 'active' : ''}
                onClick={() => setMarket(m)}
              >
                {t(`quotes.market.${m}`)}
              </button>
            ))}
          </span>
        </span>
      </div>
      <div className="chart-tabs" style={{ borderTop: 0 }}>
        {RANKINGS.map((k) => (
          <button
            type="button"
            key={k}
            className={k === kind ? 'active' : ''}
            onClick={() => setKind(k)}
            data-testid={`ranking-${k}`}
          >
            {t(`quotes.rank.${k}`)}
          </button>
        ))}
      </div>
      {rows?.length === 0 ? (
        <NoData />
      ) : (
        rows?.map((row) => (
          <QuoteListRow key={row.symbol} row={row} onOpen={onOpen} withFundamentals />
        ))
      )}
    </>
  );
}

/** Home's ways into the products: news, new shares, intraday, block trades, AI smart trading. */
const HOME_ENTRIES = [
  { path: '/news/index', testId: 'news-entry', icon: 'news', label: 'quotes.newsEntry' },
  { path: '/home/newShare', testId: 'new-share-entry', icon: 'star', label: 'trade.newShares' },
  {
    path: '/home/withinDays',
    testId: 'intraday-entry',
    icon: 'star',
    label: 'trade.intradayEntry',
  },
  { path: '/home/large', testId: 'block-entry', icon: 'star', label: 'quotes.blockEntry' },
  { path: '/home/follow', testId: 'follow-entry', icon: 'star', label: 'quotes.followEntry' },
] as const;

/** Home: header (bell, search, settings), indices, hot stocks, rankings, the product entries. */
export function HomeScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = (symbol: string) => navigate(`/quotes/info?symbol=${encodeURIComponent(symbol)}`);
  const indices = useLiveList(() => quotesApi.indices(), 'indices');
  const hot = useLiveList(() => quotesApi.hot(), 'hot');
  return (
    <div className="screen" data-testid="home-screen">
      <HomeHeader />
      <IndexStrip rows={indices ?? []} onOpen={open} />
      {HOME_ENTRIES.map((entry) => (
        <div
          key={entry.path}
          className="card news-entry"
          role="button"
          tabIndex={0}
          onClick={() => navigate(entry.path)}
          data-testid={entry.testId}
        >
          <span>
            <Icon name={entry.icon} /> {t(entry.label)}
          </span>
          <span className="muted">›</span>
        </div>
      ))}
      <NewsLatest />
      <div className="section-title">
        <span>{t('quotes.hot')}</span>
        <button type="button" onClick={() => navigate('/home/index')}>
          {t('quotes.more')} ›
        </button>
      </div>
      {hot?.map((row) => (
        <QuoteListRow key={row.symbol} row={row} onOpen={open} />
      ))}
      <Rankings onOpen={open} />
    </div>
  );
}
