import { Popup, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { uiState, closeUserPanel } from '../lib/ui.store.ts';
import { openSupport } from '../lib/support.ts';
import { assetsState } from '../lib/assets.store.ts';
import { logOut } from '../lib/session.ts';
import { chooseLanguage, LANGUAGE_NAMES } from '../lib/i18n.ts';
import { formatAmount } from '../lib/format.ts';
import { storage, type Language } from '../lib/storage.ts';

const SHORTCUTS = [
  ['/position/index', 'panel.positions'],
  ['/mine/transactionRecords', 'mine.records'],
  ['/mine/stored', 'mine.deposit'],
  ['/mine/withdraw', 'mine.withdraw'],
  ['/mine/exchange', 'mine.exchange'],
  ['/mine/bank', 'mine.bank'],
  ['/mine/message', 'mine.message'],
  ['/mine/security', 'mine.security'],
  ['/mine/loan', 'mine.loan'],
  ['/mine/loginPassword', 'mine.loginPassword'],
  ['/mine/fundPassword', 'mine.fundPassword'],
  ['/mine/about', 'mine.about'],
  ['/mine/privacy', 'mine.privacy'],
] as const;

/** The user panel overlay: account, money summary, shortcuts, support, language, log out. */
export function UserPanel() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ui = useSnapshot(uiState);
  const { summary } = useSnapshot(assetsState);
  const go = (path: string) => {
    closeUserPanel();
    void navigate(path);
  };
  return (
    <Popup
      visible={ui.panelOpen}
      onMaskClick={closeUserPanel}
      position="right"
      bodyStyle={{ width: '82vw', maxWidth: 380 }}
    >
      <div className="panel-head" data-testid="user-panel">
        <div className="muted" style={{ color: '#cdd6e4' }}>
          {storage.account()}
        </div>
        <div style={{ fontSize: 24, marginTop: 6 }} data-testid="panel-total">
          {formatAmount(summary?.total, summary?.currency ?? storage.currency().toUpperCase())}
        </div>
        <div style={{ fontSize: 12, opacity: 0.8 }}>{t('mine.assets')}</div>
        <div style={{ fontSize: 12, marginTop: 6 }} data-testid="panel-debt">
          {t('mine.debt')}{' '}
          {formatAmount(summary?.debt, summary?.currency ?? storage.currency().toUpperCase())}
        </div>
      </div>
      <div className="shortcuts">
        {SHORTCUTS.map(([path, label]) => (
          <button
            key={path}
            type="button"
            onClick={() => go(path)}
            data-testid={`shortcut-${path.split('/').pop()}`}
          >
            {t(label)}
          </button>
        ))}
      </div>
      <List>
        <List.Item onClick={openSupport}>{t('mine.support')}</List.Item>
        {(['jp', 'cn', 'us'] as Language[]).map((lang) => (
          <List.Item
            key={lang}
            onClick={() => chooseLanguage(lang)}
            extra={storage.language() === lang ? '✓' : ''}
          >
            {LANGUAGE_NAMES[lang]}
          </List.Item>
        ))}
        <List.Item
          onClick={() => {
            closeUserPanel();
            void logOut();
          }}
        >
          {t('mine.logout')}
        </List.Item>
      </List>
    </Popup>
  );
}
