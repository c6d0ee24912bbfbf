import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { HeaderBar } from '../../components/header-bar.tsx';
import { NoData } from '../../components/no-data.tsx';
import { PullRefresh } from '../../components/pull-refresh.tsx';
import { ApplicationCard } from './application-card.tsx';
import { ApplyForm } from './apply-form.tsx';
import type { IntradayApplication } from './intraday.api.ts';
import { followApplications, intradayState, loadApplications } from './intraday.store.ts';
import './intraday.css';

/** /home/withinDays: apply for intraday trading, trade under it, and the applications' records. */
export function IntradayScreen() {
  const { t } = useTranslation();
  const { applications } = useSnapshot(intradayState);
  useEffect(() => {
    void loadApplications();
    const live = followApplications();
    return () => live.unsubscribe();
  }, []);
  const list = (applications ?? []) as IntradayApplication[];
  return (
    <div className="screen" data-testid="intraday-screen" data-loaded={applications ? 'yes' : 'no'}>
      <HeaderBar title={t('intraday.title')} />
      <PullRefresh onRefresh={loadApplications}>
        <ApplyForm />
        <div className="ipo-section-title" style={{ padding: '0 16px' }}>
          {t('intraday.records')}
        </div>
        {applications && list.length === 0 ? <NoData /> : null}
        {list.map((app) => (
          <ApplicationCard key={app.id} app={app} />
        ))}
      </PullRefresh>
    </div>
  );
}
