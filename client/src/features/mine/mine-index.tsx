import { Badge, Button, List } from 'antd-mobile';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { HeaderBar } from '../../components/header-bar.tsx';
import { openSupport } from '../../lib/support.ts';
import { openUserPanel } from '../../lib/ui.store.ts';
import { followAssets, loadAssets } from '../../lib/assets.store.ts';
import { AssetsCard } from './assets-card.tsx';
import { logOut } from '../../lib/session.ts';
import { storage } from '../../lib/storage.ts';
import { unreadBadge, useUnreadCount } from '../../lib/unread.store.ts';

const LINKS = [
  ['/mine/verified', 'mine.verified'],
  ['/mine/bank', 'mine.bank'],
  ['/mine/transactionRecords', 'mine.records'],
  ['/mine/stored', 'mine.deposit'],
  ['/mine/withdraw', 'mine.withdraw'],
  ['/mine/exchange', 'mine.exchange'],
  ['/mine/loan', 'mine.loan'],
  ['/mine/loanOrder', 'mine.loanOrder'],
  ['/mine/newShareOrder', 'mine.newShareOrder'],
  ['/mine/followOrder', 'mine.followOrder'],
  ['/mine/alerts', 'mine.alerts'],
  ['/mine/message', 'mine.message'],
  ['/mine/security', 'mine.security'],
  ['/mine/loginPassword', 'mine.loginPassword'],
  ['/mine/fundPassword', 'mine.fundPassword'],
  ['/mine/language', 'mine.language'],
  ['/mine/fees', 'mine.fees'],
  ['/mine/about', 'mine.about'],
  ['/mine/privacy', 'mine.privacy'],
  ['/mine/protocol', 'mine.protocol'],
] as const;

/** Mine: account, live asset summary, every personal screen, support, log out. */
export function MineIndex() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const unread = useUnreadCount();
  useEffect(() => {
    void loadAssets();
    const subscription = followAssets();
    return () => subscription.unsubscribe();
  }, []);
  return (
    <div className="screen">
      <HeaderBar
        title={t('menu.mine')}
        left="none"
        extra={
          <button
            type="button"
            className="header-icon"
            onClick={openUserPanel}
            aria-label="menu"
            data-testid="open-panel"
          >
            ≡
          </button>
        }
      />
      <div className="card" data-testid="mine-account">
        <strong>{storage.account()}</strong>
      </div>
      <AssetsCard />
      <List className="card" style={{ padding: 0 }}>
        {LINKS.map(([path, label]) => (
          <List.Item
            key={path}
            onClick={() => navigate(path)}
            extra={
              path === '/mine/message' && unread > 0 ? (
                <Badge content={unreadBadge(unread)} data-testid="mine-inbox-unread" />
              ) : undefined
            }
          >
            {t(label)}
          </List.Item>
        ))}
        <List.Item onClick={openSupport}>{t('mine.support')}</List.Item>
      </List>
      <div className="form-actions">
        <Button
          block
          color="danger"
          fill="outline"
          onClick={() => void logOut()}
          data-testid="logout"
        >
          {t('mine.logout')}
        </Button>
      </div>
    </div>
  );
}
