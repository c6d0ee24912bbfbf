import { SwipeAction } from 'antd-mobile';
import { useState, type ReactNode } from 'react';
import type { QuoteRow } from '@kabuto/schema/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { HeaderBar } from '../../components/header-bar.tsx';
import { NoData } from '../../components/no-data.tsx';
import { QuoteListRow } from './quote-bits.tsx';
import { quotesApi } from './quotes.api.ts';
import { useLiveList } from './use-live-list.ts';
import '../../components/quotes.css';

/**
 * Watchlist (/quotes/self): the server-side list, live; swipe a row to set a price alert (the
 * sheet the app composes in) or to remove it.
 */
export function WatchlistScreen({
  alertSheet,
}: {
  alertSheet?: (row: QuoteRow, close: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [version, setVersion] = useState(0);
  const [alerting, setAlerting] = useState<QuoteRow | null>(null);
  const rows = useLiveList(() => quotesApi.watchlist(), `watchlist:${version}`);
  const remove = async (symbol: string) => {
    if (await quotesApi.setWatched(symbol, false)) setVersion((v) => v + 1);
  };
  return (
    <div className="screen no-menu" data-testid="watchlist-screen">
      <HeaderBar
        title={t('quotes.watchlist')}
        right={{ type: 'add', url: '/quotes/search', label: '' }}
      />
      {rows?.length === 0 ? <NoData note={t('quotes.watchEmpty')} /> : null}
      {rows?.map((row) => (
        <SwipeAction
          key={row.symbol}
          rightActions={[
            ...(alertSheet
              ? [
                  {
                    key: 'alert',
                    text: t('alerts.bell'),
                    color: 'primary' as const,
                    onClick: () => setAlerting(row),
                  },
                ]
              : []),
            {
              key: 'remove',
              text: t('quotes.unwatch'),
              color: 'danger',
              onClick: () => void remove(row.symbol),
            },
          ]}
        >
          <QuoteListRow
            row={row}
            onOpen={(symbol) => navigate(`/quotes/info?symbol=${encodeURIComponent(symbol)}`)}
          />
        </SwipeAction>
      ))}
      {alerting && alertSheet ? alertSheet(alerting, () => setAlerting(null)) : null}
    </div>
  );
}
