import { Button, Dialog, Input } from 'antd-mobile';
import i18next from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { HeaderBar } from '../../components/header-bar.tsx';
import { PullRefresh } from '../../components/pull-refresh.tsx';
import { formatAmount } from '../../lib/format.ts';
import { translateMsg } from '../../lib/i18n.ts';
import { showMessage } from '../../lib/toast.ts';
import { assetsState, followAssets, loadAssets } from '../../lib/assets.store.ts';
import { loansApi, type LoanInfo } from './loans.api.ts';
import { followLoans, loadLoans, loansState } from './loans.store.ts';
import { Line, LoanStateTag, when } from './loan-bits.tsx';

const yen = (value: string | undefined) => formatAmount(value, 'JPY');

/** A refusal kept on show under the form, in words. */
function RefusalNote({ refusal }: { refusal: string | null }) {
  if (!refusal) return null;
  return (
    <p className="loan-refusal" role="alert" data-testid="loan-refusal" data-msg={refusal}>
      {translateMsg(refusal)}
    </p>
  );
}

/** Score, limit, borrowed, available and the rate: the spec's loan figures, and yen cash. */
function LoanFigures({ info }: { info: LoanInfo | null }) {
  const { t } = useTranslation();
  const { summary } = useSnapshot(assetsState);
  return (
    <div className="card" data-testid="loan-figures">
      <div className="figure total">
        <label>{t('loans.available')}</label>
        <strong data-testid="loan-available">{yen(info?.available)}</strong>
      </div>
      <div className="figure-grid">
        <div className="figure">
          <label>{t('loans.creditScore')}</label>
          <strong data-testid="loan-score">{info?.credit_score ?? '--'}</strong>
        </div>
        <div className="figure">
          <label>{t('loans.limit')}</label>
          <strong data-testid="loan-limit">{yen(info?.limit)}</strong>
        </div>
        <div className="figure">
          <label>{t('loans.borrowed')}</label>
          <strong data-testid="loan-borrowed">{yen(info?.borrowed)}</strong>
        </div>
        <div className="figure">
          <label>{t('loans.rate')}</label>
          <strong data-testid="loan-rate">
            {info ? t('loans.rateValue', { rate: info.rate, days: info.day_count }) : '--'}
          </strong>
        </div>
        <div className="figure">
          <label>{t('loans.cash')}</label>
          <strong data-testid="loan-cash">{yen(summary?.cash?.['JPY'])}</strong>
        </div>
      </div>
      <p className="muted" style={{ fontSize: 12, margin: '8px 0 0' }}>
        {t('loans.capNote', { ltv: info?.ltv ?? 50 })}
      </p>
      {info?.loan ? (
        <p
          className="muted"
          style={{ fontSize: 12, margin: '4px 0 0' }}
          data-testid="loan-one-at-a-time"
        >
          {t('loans.oneAtATime')}
        </p>
      ) : null}
    </div>
  );
}

/** The amount in whole yen, a confirmation, and the answer kept on show. */
function ApplyForm({ noLimit }: { noLimit: boolean }) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const submit = async () => {
    const confirmed = await Dialog.confirm({
      content: i18next.t('loans.applyConfirm', { amount: yen(amount.trim()) }),
      confirmText: i18next.t('common.confirm'),
      cancelText: i18next.t('common.cancel'),
    });
    if (!confirmed) return;
    setBusy(true);
    const answer = await loansApi.apply(amount.trim());
    setBusy(false);
    setRefusal(answer.refusal);
    if (!answer.refusal) {
      showMessage(translateMsg(answer.msg));
      setAmount('');
      await loadLoans();
    }
  };
  return (
    <div className="card" data-testid="loan-apply">
      <div className="loan-section-title">{t('loans.apply')}</div>
      {noLimit ? (
        <p className="muted" style={{ fontSize: 13 }} data-testid="loan-no-limit">
          {t('loans.noLimit')}
        </p>
      ) : null}
      <Input
        inputMode="numeric"
        placeholder={t('loans.amountPlaceholder')}
        value={amount}
        onChange={setAmount}
        data-testid="loan-amount"
      />
      <Button
        block
        color="primary"
        style={{ marginTop: 12 }}
        loading={busy}
        disabled={!amount.trim()}
        onClick={() => void submit()}
        data-testid="loan-apply-submit"
      >
        {t('loans.apply')}
      </Button>
      <RefusalNote refusal={refusal} />
    </div>
  );
}

/** The loan under review or passed: what it owes, and the repay button once passed. */
function CurrentLoan({ info }: { info: LoanInfo }) {
  const { t } = useTranslation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const loan = info.loan;
  if (!loan) return null;
  const repay = async () => {
    const confirmed = await Dialog.confirm({
      content: i18next.t('loans.repayConfirm', { amount: yen(loan.outstanding) }),
      confirmText: i18next.t('common.confirm'),
      cancelText: i18next.t('common.cancel'),
    });
    if (!confirmed) return;
    const answer = await loansApi.repay(loan.id, loan.outstanding);
    setRefusal(answer.refusal);
    if (!answer.refusal) showMessage(t('loans.repaid'));
    await loadLoans();
  };
  return (
    <div className="card" data-testid="loan-current" data-loan={loan.id}>
      <div className="detail-row">
        <span className="loan-section-title">{t('loans.current', { id: loan.id })}</span>
        <LoanStateTag status={loan.status} />
      </div>
      <Line label={t('loans.amount')} value={yen(loan.amount)} />
      <Line label={t('loans.interest')} value={yen(loan.interest)} testId="loan-interest" />
      <Line
        label={t('loans.outstanding')}
        value={yen(loan.outstanding)}
        testId="loan-outstanding"
      />
      <Line label={t('loans.appliedAt')} value={when(loan.created_at)} />
      {loan.status === 'passed' ? (
        <Button
          block
          color="primary"
          style={{ marginTop: 12 }}
          onClick={() => void repay()}
          data-testid="loan-repay"
        >
          {t('loans.repay')}
        </Button>
      ) : (
        <p className="muted">{t('loans.underReviewNote')}</p>
      )}
      <RefusalNote refusal={refusal} />
    </div>
  );
}

/** /mine/loan: the figures, the current loan (with repay) or the application form. */
export function LoanScreen() {
  const { t } = useTranslation();
  const { info } = useSnapshot(loansState) as { info: LoanInfo | null };
  useEffect(() => {
    void loadLoans();
    void loadAssets({ loading: false });
    const live = followLoans();
    live.add(followAssets());
    return () => live.unsubscribe();
  }, []);
  return (
    <div className="screen" data-testid="loan-screen" data-loaded={info ? 'yes' : 'no'}>
      <HeaderBar
        title={t('mine.loan')}
        right={{ type: 'order', url: '/mine/loanOrder', label: t('mine.loanOrder') }}
      />
      <PullRefresh onRefresh={loadLoans}>
        <LoanFigures info={info} />
        {info?.loan ? (
          <CurrentLoan info={info} />
        ) : (
          <ApplyForm noLimit={Boolean(info) && Number(info?.limit ?? 0) === 0} />
        )}
        <p className="muted" style={{ fontSize: 12, padding: '0 16px' }}>
          {t('loans.yenNote')}
        </p>
      </PullRefresh>
    </div>
  );
}
