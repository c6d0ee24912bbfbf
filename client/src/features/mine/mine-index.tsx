import { Button, List } from 'antd-mobile';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { HeaderBar } from '../../components/header-bar.tsx';
import { openSupport } from '../../app/support.ts';
import { appConfig } from '../../app/app-config.ts';
import { openUserPanel } from '../../app/ui.store.ts';
import { assetsState, followAssets, loadAssets } from '../assets/assets.store.ts';
import { logOut } from '../auth/session.ts';
import { callApi, newRequestId } from '../../lib/api-client.ts';
import { formatMoney } from '../../lib/format.ts';
import { translateMsg } from '../../lib/i18n.ts';
import { showMessage } from '../../lib/toast.ts';
import { storage } from '../../lib/storage.ts';

const LINKS = [
  ['/mine/verified', 'mine.verified'], ['/mine/bank', 'mine.bank'], ['/mine/transactionRecords', 'mine.records'],
  ['/mine/stored', 'mine.deposit'], ['/mine/withdraw', 'mine.withdraw'], ['/mine/exchange', 'mine.exchange'], ['/mine/loan', 'mine.loan'],
  ['/mine/newShareOrder', 'mine.newShareOrder'], ['/mine/followOrder', 'mine.followOrder'], ['/mine/message', 'mine.message'],
  ['/mine/security', 'mine.security'], ['/mine/loginPassword', 'mine.loginPassword'], ['/mine/fundPassword', 'mine.fundPassword'], ['/mine/language', 'mine.language'],
  ['/mine/about', 'mine.about'], ['/mine/privacy', 'mine.privacy'], ['/mine/protocol', 'mine.protocol'],
] as const;

function Figure({ label, value, testId }: { label: string; value: string | undefined; testId?: string }) {
  return (
    <div className="figure">
      <label>{label}</label>
      <strong data-testid={testId}>{formatMoney(value)}</strong>
    </div>
  );
}

async function claimPaperGrant(): Promise<void> {
  const response = await callApi('user/paperfund', { currency: storage.currency(), request_id: newRequestId() });
  if (response.status === 1) showMessage(translateMsg(response.msg));
  await loadAssets({ loading: false }); // the success toast stays; fund:updated also resyncs
}

function AssetsCard() {
  const { t } = useTranslation();
  const { summary } = useSnapshot(assetsState);
  return (
    <div className="card" data-testid="assets-card">
      <div className="figure total">
        <label>{t('mine.assets')} ({summary?.currency ?? storage.currency().toUpperCase()})</label>
        <strong data-testid="assets-total">{formatMoney(summary?.total)}</strong>
      </div>
      <div className="figure-grid">
        <Figure label={t('mine.available')} value={summary?.available} testId="assets-available" />
        <Figure label={t('mine.frozen')} value={summary?.frozen} />
        <Figure label={t('mine.marketValue')} value={summary?.market_value} />
        <Figure label={t('mine.debt')} value={summary?.debt} />
      </div>
      {summary?.unpriced.length ? <p className="muted">{t('mine.unpriced')}{summary.unpriced.join(', ')}</p> : null}
      {appConfig.get('mode') === 'paper' ? (
        <Button size="small" style={{ marginTop: 12 }} onClick={() => void claimPaperGrant()} data-testid="paper-grant">
          {t('mine.paperGrant')}
        </Button>
      ) : null}
    </div>
  );
}

/** Mine: account, live asset summary, every personal screen, support, log out. */
export function MineIndex() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    void loadAssets();
    const subscription = followAssets();
    return () => subscription.unsubscribe();
  }, []);
  return (
    <div className="screen">
      <HeaderBar title={t('menu.mine')} left="none" extra={<button type="button" className="header-icon" onClick={openUserPanel} aria-label="menu" data-testid="open-panel">≡</button>} />
      <div className="card" data-testid="mine-account"><strong>{storage.account()}</strong></div>
      <AssetsCard />
      <List className="card" style={{ padding: 0 }}>
        {LINKS.map(([path, label]) => (
          <List.Item key={path} onClick={() => navigate(path)}>{t(label)}</List.Item>
        ))}
        <List.Item onClick={openSupport}>{t('mine.support')}</List.Item>
      </List>
      <div className="form-actions">
        <Button block color="danger" fill="outline" onClick={() => void logOut()} data-testid="logout">{t('mine.logout')}</Button>
      </div>
    </div>
  );
}
