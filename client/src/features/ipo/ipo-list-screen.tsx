import { Tabs } from 'antd-mobile';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { HeaderBar } from '../../components/header-bar.tsx';
import { NoData } from '../../components/no-data.tsx';
import { PullRefresh } from '../../components/pull-refresh.tsx';
import { formatAmount, formatCount } from '../../lib/format.ts';
import { ipoApi, type IpoListing, type ListingTab } from './ipo.api.ts';
import { PhaseTag, QuoteLink, span, when } from './ipo-bits.tsx';

const TABS: readonly ListingTab[] = ['open', 'upcoming', 'closed'];

/** One listing: name, code, market, price, lots, dates and phase. */
function ListingRow({ item, onOpen }: { item: IpoListing; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="ipo-row" data-testid={`listing-${item.symbol}`} onClick={onOpen}>
      <div className="ipo-row-head">
        <span className="name">
          {item.name} <small className="muted">{item.symbol}</small>
        </span>
        <PhaseTag status={item.status} drawn={item.drawn} listed={item.listed} />
      </div>
      <div className="ipo-row-grid">
        <div>
          <span className="muted">{t('ipo.field.market')}</span>
          <span>{t(`quotes.market.${item.market}`, { defaultValue: item.market })}</span>
        </div>
        <div>
          <span className="muted">{t('ipo.field.price')}</span>
          <span>{formatAmount(item.price, item.currency)}</span>
        </div>
        <div>
          <span className="muted">{t('ipo.field.lots')}</span>
          <span>
            {t('ipo.lotRange', {
              min: formatCount(item.min_lots),
              max: formatCount(item.max_lots),
            })}
          </span>
        </div>
        <div>
          <span className="muted">{t('ipo.field.lot')}</span>
          <span>{t('ipo.shares', { count: item.lot, shown: formatCount(item.lot) })}</span>
        </div>
      </div>
      <div className="muted" style={{ marginTop: 6 }}>
        {t('ipo.field.window')} {span(item.subscribe_start, item.subscribe_end)}
      </div>
      <div className="muted">
        <span className="ipo-nowrap">
          {t('ipo.field.drawAt')} {when(item.draw_at)}
        </span>{' '}
        ·{' '}
        <span className="ipo-nowrap">
          {t('ipo.field.listingDate')} {when(item.listing_date)}
        </span>
      </div>
      <QuoteLink symbol={item.symbol} listed={item.listed} />
    </div>
  );
}

function useListings(tab: ListingTab) {
  // Rows belong to the tab they were loaded for: another tab shows nothing until its own arrive.
  const [loaded, setLoaded] = useState<{ tab: ListingTab; rows: IpoListing[] } | null>(null);
  const reload = useCallback(
    () => ipoApi.list(tab).then((rows) => setLoaded({ tab, rows })),
    [tab],
  );
  useEffect(() => void reload(), [reload]);
  return { rows: loaded?.tab === tab ? loaded.rows : null, reload };
}

/** /home/newShare: the listings by phase (subscribing, not started, ended). */
export function IpoListScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') as ListingTab | null;
  const tab: ListingTab = asked && TABS.includes(asked) ? asked : 'open';
  const { rows, reload } = useListings(tab);
  return (
    <div className="screen" data-testid="ipo-list-screen" data-loaded={rows ? 'yes' : 'no'}>
      <HeaderBar
        title={t('ipo.title')}
        right={{ type: 'order', url: '/mine/newShareOrder', label: t('ipo.records') }}
      />
      <Tabs activeKey={tab} onChange={(key) => setParams({ tab: key }, { replace: true })}>
        {TABS.map((key) => (
          <Tabs.Tab
            key={key}
            title={<span data-testid={`ipo-tab-${key}`}>{t(`ipo.tab.${key}`)}</span>}
          />
        ))}
      </Tabs>
      <PullRefresh onRefresh={reload}>
        {rows?.length === 0 ? <NoData /> : null}
        {rows?.map((item) => (
          <ListingRow
            key={item.id}
            item={item}
            onOpen={() => void navigate(`/home/newShareInfo?id=${item.id}`)}
          />
        ))}
      </PullRefresh>
    </div>
  );
}
