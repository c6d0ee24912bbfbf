import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { HeaderBar } from '../../components/header-bar.tsx';
import { NoData } from '../../components/no-data.tsx';
import { PullRefresh } from '../../components/pull-refresh.tsx';
import { StatementLink } from '../../components/statement-link.tsx';
import { formatAmount } from '../../lib/format.ts';
import type { LoanRecord } from './loans.api.ts';
import { followLoans, loadLoans, loansState } from './loans.store.ts';
import { Line, LoanStateTag, when } from './loan-bits.tsx';

function LoanRow({ loan }: { loan: LoanRecord }) {
  const { t } = useTranslation();
  return (
    <div className="card" data-testid="loan-row" data-loan={loan.id} data-state={loan.status}>
      <div className="detail-row">
        <strong className="num">{formatAmount(loan.amount, 'JPY')}</strong>
        <LoanStateTag status={loan.status} />
      </div>
      <Line label={t('loans.outstanding')} value={formatAmount(loan.outstanding, 'JPY')} />
      <Line label={t('loans.interest')} value={formatAmount(loan.interest, 'JPY')} />
      <Line label={t('loans.appliedAt')} value={when(loan.created_at)} />
      <Line label={t('loans.decidedAt')} value={when(loan.decided_at)} />
      {loan.repaid_at !== null ? (
        <Line label={t('loans.repaidAt')} value={when(loan.repaid_at)} />
      ) : null}
    </div>
  );
}

/** /mine/loanOrder: the caller's loans with their states, newest first, kept live. */
export function LoanRecordsScreen() {
  const { t } = useTranslation();
  const { records } = useSnapshot(loansState) as { records: LoanRecord[] | null };
  useEffect(() => {
    void loadLoans();
    const live = followLoans();
    return () => live.unsubscribe();
  }, []);
  return (
    <div className="screen" data-testid="loan-records" data-loaded={records ? 'yes' : 'no'}>
      <HeaderBar
        title={t('mine.loanOrder')}
        right={{ type: 'add', url: '/mine/loan', label: t('mine.loan') }}
      />
      <PullRefresh onRefresh={loadLoans}>
        {records?.length === 0 ? <NoData /> : null}
        {records?.map((loan) => (
          <LoanRow key={loan.id} loan={loan} />
        ))}
        <StatementLink group="loans" />
      </PullRefresh>
    </div>
  );
}
