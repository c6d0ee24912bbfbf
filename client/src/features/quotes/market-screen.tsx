import { Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { HeaderBar } from '../../components/header-bar.tsx';
import { Icon } from '../../components/icons.tsx';
import { NoData } from '../../components/no-data.tsx';
import { storage } from '../../lib/storage.ts';
import { QuoteListRow } from './quote-bits.tsx';
import { quotesApi, type Market } from './quotes.api.ts';
import { useLiveList } from './use-live-list.ts';
import { IndexStrip } from './home-screen.tsx';
import '../../components/quotes.css';

const TABS: readonly Market[] = ['JP', 'US', 'CN'];

/** Quotes (/home/index): the indices, then every stock of the chosen market, live. */
export function MarketScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [market, setMarket] = useState<Market>('JP');
  const open = (symbol: string) => navigate(`/quotes/info?symbol=${encodeURIComponent(symbol)}`);
  const indices = useLiveList(() => quotesApi.indices(), 'indices');
  const rows = useLiveList(() => quotesApi.market(market), market);
  const watchlist = storage.hasSession() ? (
    <button
      type="button"
      className="header-icon"
      onClick={() => navigate('/quotes/self')}
      data-testid="open-watchlist"
    >
      <Icon name="star" size={16} /> {t('quotes.watchlist')}
    </button>
  ) : null;
  return (
    <div className="screen" data-testid="market-screen">
      <HeaderBar
        title={t('menu.quotes')}
        left="none"
        extra={
          <>
            {watchlist}
            <button
              type="button"
              className="header-icon"
              onClick={() => navigate('/quotes/search')}
              aria-label={t('quotes.search')}
              data-testid="open-search"
            >
              <Icon name="search" />
            </button>
          </>
        }
      />
      <IndexStrip rows={(indices ?? []).filter((r) => r.market === market)} onOpen={open} />
      <Tabs
        activeKey={market}
        onChange={(key: string) => setMarket(key as Market)}
        style={{ background: '#fff' }}
      >
        {TABS.map((m) => (
          <Tabs.Tab
            key={m}
            title={<span data-testid={`market-tab-${m}`}>{t(`quotes.market.${m}`)}</span>}
          />
        ))}
      </Tabs>
      <div className="list-head">
        <span>{t('quotes.name')}</span>
        <span>{t('quotes.price')}</span>
        <span style={{ textAlign: 'center' }}>{t('quotes.change')}</span>
      </div>
      {rows?.length === 0 ? (
        <NoData />
      ) : (
        rows?.map((row) => <QuoteListRow key={row.symbol} row={row} onOpen={open} />)
      )}
    </div>
  );
}
