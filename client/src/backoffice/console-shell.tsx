import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { adminCall, adminToken } from './admin-api.ts';
import { consoleState, may } from './console.store.ts';
import { LanguageChoice } from './language-choice.tsx';
import { CalendarWarningBanner } from './calendar-panel.tsx';

async function signOut() {
  await adminCall('logout');
  adminToken.clear();
  consoleState.me = null;
}

/** Opens the read-only queue board in a new tab with a one-use ticket (administrators). */
async function openQueueBoard() {
  const tab = window.open('', '_blank');
  const answer = await adminCall('queues/ticket');
  if (tab && answer.ok) tab.location.href = answer.data.url;
  else tab?.close();
}

/** The console's frame: what the role may open on the left, who is signed in on top. */
export function ConsoleShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { me } = useSnapshot(consoleState);
  const link = (to: string, label: string) => (
    <NavLink to={to} data-testid={`bo-nav-${to.replaceAll('/', '-').slice(1)}`}>
      {t(label)}
    </NavLink>
  );
  return (
    <div className="bo-shell">
      <header className="bo-top">
        <strong>{t('bo.title')}</strong>
        <span className="bo-muted">{t('bo.paper')}</span>
        <span className="bo-spacer" />
        <span data-testid="bo-who">
          {me?.login} · {t(`bo.roles.${me?.role ?? 'reviewer'}`)}
        </span>
        <LanguageChoice />
        <button type="button" onClick={() => void signOut()} data-testid="bo-sign-out">
          {t('bo.top.signOut')}
        </button>
      </header>
      <nav className="bo-nav" aria-label="back office">
        <h3>{t('bo.nav.queues')}</h3>
        {link('/queues/kyc', 'bo.nav.kyc')}
        {link('/queues/deposit', 'bo.nav.deposits')}
        {link('/queues/withdrawal', 'bo.nav.withdrawals')}
        {link('/queues/loan', 'bo.nav.loans')}
        <h3>{t('bo.nav.users')}</h3>
        {link('/users', 'bo.nav.users')}
        {may(me, 'news') ? link('/news', 'bo.nav.news') : null}
        {may(me, 'staff') ? link('/staff', 'bo.nav.staff') : null}
        {may(me, 'staff') ? link('/audit', 'bo.nav.audit') : null}
        {may(me, 'listings') ? <h3>{t('bo.nav.listings')}</h3> : null}
        {may(me, 'listings') ? link('/listings/ipo', 'bo.nav.ipo') : null}
        {may(me, 'listings') ? link('/listings/block', 'bo.nav.block') : null}
        {may(me, 'listings') ? link('/listings/products', 'bo.nav.products') : null}
        <h3>{t('bo.nav.house')}</h3>
        {link('/settings', 'bo.nav.settings')}
        {may(me, 'ledger') ? link('/ledger', 'bo.nav.ledger') : null}
        {may(me, 'staff') ? (
          <button type="button" className="bo-nav-button" onClick={() => void openQueueBoard()}>
            {t('bo.nav.queueBoard')}
          </button>
        ) : null}
      </nav>
      <main className="bo-main">
        <CalendarWarningBanner />
        {children}
      </main>
    </div>
  );
}
