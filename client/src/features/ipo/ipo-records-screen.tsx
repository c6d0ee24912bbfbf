import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { HeaderBar } from '../../components/header-bar.tsx';
import { NoData } from '../../components/no-data.tsx';
import { PullRefresh } from '../../components/pull-refresh.tsx';
import { StatementLink } from '../../components/statement-link.tsx';
import type { NewShareRecord } from './ipo.api.ts';
import { followRecords, loadRecords, recordsState } from './ipo.store.ts';
import { SubscriptionRow } from './subscription-row.tsx';

/** The caller's subscriptions, loaded on mount and kept live (draw events, account changes). */
export function RecordsList({ compact = false }: { compact?: boolean }) {
  const { records } = useSnapshot(recordsState);
  useEffect(() => {
    void loadRecords();
    const live = followRecords();
    return () => live.unsubscribe();
  }, []);
  return (
    <div data-testid="ipo-records" data-loaded={records ? 'yes' : 'no'}>
      {records?.length === 0 ? <NoData /> : null}
      {records?.map((record) => (
        <SubscriptionRow key={record.id} record={record as NewShareRecord} compact={compact} />
      ))}
    </div>
  );
}

/** /mine/newShareOrder: the caller's new-share subscriptions. */
export function IpoRecordsScreen() {
  const { t } = useTranslation();
  return (
    <div className="screen" data-testid="ipo-records-screen">
      <HeaderBar
        title={t('ipo.records')}
        right={{ type: 'add', url: '/home/newShare', label: t('ipo.title') }}
      />
      <PullRefresh onRefresh={loadRecords}>
        <RecordsList />
        <StatementLink group="new_shares" />
      </PullRefresh>
    </div>
  );
}
