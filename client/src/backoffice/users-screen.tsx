import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { AdminCallMap } from '@kabuto/schema/contracts';
import { formatWhen } from '../lib/format-time.ts';
import { formatMoney } from '../lib/format.ts';
import { adminCall } from './admin-api.ts';
import { consoleState, may } from './console.store.ts';
import { msgText } from './console-i18n.ts';
import { UserStatement } from './user-statement.tsx';
import { CreditForm } from './credit-form.tsx';

type Found = AdminCallMap['user/search']['output'][number];
type Detail = AdminCallMap['user/detail']['output'];

const ACTIONS = [
  {
    key: 'freeze',
    call: 'user/flags',
    body: { status: 'frozen' },
    shown: (u: Detail) => u.status === 'active',
  },
  {
    key: 'ban',
    call: 'user/flags',
    body: { status: 'banned' },
    shown: (u: Detail) => u.status !== 'banned',
  },
  {
    key: 'activate',
    call: 'user/flags',
    body: { status: 'active' },
    shown: (u: Detail) => u.status !== 'active',
  },
  {
    key: 'bar',
    call: 'user/flags',
    body: { trading_barred: '1' },
    shown: (u: Detail) => !u.trading_barred,
  },
  {
    key: 'unbar',
    call: 'user/flags',
    body: { trading_barred: '0' },
    shown: (u: Detail) => u.trading_barred,
  },
  {
    key: 'endSessions',
    call: 'user/end-sessions',
    body: {},
    shown: (u: Detail) => u.live_sessions > 0,
  },
  { key: 'resetTotp', call: 'user/reset-totp', body: {}, shown: (u: Detail) => u.totp_enabled },
] as const;

/** Ban, freeze, bar, end sessions, reset two-factor: each with the reason the audit log keeps. */
function UserActions({ user, onDone }: { user: Detail; onDone: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [said, setSaid] = useState<string | null>(null);
  async function act(action: (typeof ACTIONS)[number]) {
    if (reason.trim().length < 3) {
      setSaid(t('bo.users.reasonNeeded'));
      return;
    }
    // Each of these signs the user out or stops them trading: asked first, with what it does.
    if (!window.confirm(t(`bo.users.confirm.${action.key}`))) return;
    const answer = await adminCall(action.call, {
      id: user.id,
      reason: reason.trim(),
      ...action.body,
    });
    setSaid(answer.ok ? t('bo.users.done') : msgText(answer.msg));
    if (answer.ok) onDone();
  }
  return (
    <div className="bo-actions">
      <input
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        placeholder={t('bo.users.reason')}
        maxLength={200}
        data-testid="bo-user-reason"
      />
      <div className="bo-buttons">
        {ACTIONS.filter((action) => action.shown(user)).map((action) => (
          <button
            key={action.key}
            type="button"
            className={action.key === 'ban' || action.key === 'freeze' ? 'bo-danger' : ''}
            onClick={() => void act(action)}
            data-testid={`bo-user-${action.key}`}
          >
            {t(`bo.users.${action.key}`)}
          </button>
        ))}
      </div>
      {said ? (
        <p className="bo-note" role="status" data-testid="bo-user-said">
          {said}
        </p>
      ) : null}
    </div>
  );
}

function UserDetail({ user, onChanged }: { user: Detail; onChanged: () => void }) {
  const { t } = useTranslation();
  const { me } = useSnapshot(consoleState);
  return (
    <section className="bo-card bo-wide" data-testid="bo-user-detail" data-status={user.status}>
      <h2>{user.account}</h2>
      <dl className="bo-facts">
        <dt>{t('bo.users.status')}</dt>
        <dd data-testid="bo-user-status">{t(`bo.users.state.${user.status}`)}</dd>
        <dt>{t('bo.users.tradingBarred')}</dt>
        <dd>{user.trading_barred ? t('bo.staff.yes') : t('bo.staff.no')}</dd>
        <dt>{t('bo.users.kyc')}</dt>
        <dd>
          {t(`bo.users.kycState.${user.kyc.state}`)} {user.kyc.name_kanji ?? ''}{' '}
          {user.kyc.name_kana ?? ''}
        </dd>
        <dt>{t('bo.users.sessions')}</dt>
        <dd>{user.live_sessions}</dd>
        <dt>{t('bo.users.twoFactor')}</dt>
        <dd>{user.totp_enabled ? t('bo.users.on') : t('bo.users.off')}</dd>
      </dl>
      <h3>{t('bo.users.balances')}</h3>
      <table className="bo-table">
        <thead>
          <tr>
            <th>{t('bo.users.kind')}</th>
            <th>{t('bo.users.currency')}</th>
            <th className="bo-num">{t('bo.queue.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {user.balances.length === 0 ? (
            <tr>
              <td colSpan={3} className="bo-muted">
                {t('bo.users.noBalances')}
              </td>
            </tr>
          ) : null}
          {user.balances.map((line) => (
            <tr key={`${line.kind}-${line.currency}`}>
              <td>{line.kind}</td>
              <td>{line.currency}</td>
              <td className="bo-num">{formatMoney(line.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <UserStatement lines={user.statement} />
      {may(me, 'users') ? <UserActions user={user} onDone={onChanged} /> : null}
      {may(me, 'users') ? <CreditForm account={user.account} /> : null}
    </section>
  );
}

/** `#/users`: search by account, verified name or transfer reference; the detail beside. */
export function UsersScreen() {
  const { t } = useTranslation();
  const [found, setFound] = useState<Found[] | null>(null);
  const [detail, setDetail] = useState<Detail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  async function find(q: string) {
    const answer = await adminCall('user/search', { q });
    setError(answer.ok ? null : msgText(answer.msg));
    setFound(answer.ok ? answer.data : []);
  }
  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '');
    setQuery(q);
    void find(q);
  }
  async function open(id: string) {
    const answer = await adminCall('user/detail', { id });
    if (answer.ok) setDetail(answer.data);
  }
  /** After an action: the detail and the list show the account as it is now. */
  function changed(id: string) {
    void open(id);
    if (query) void find(query);
  }
  return (
    <section data-testid="bo-users">
      <header className="bo-section-head">
        <h1>{t('bo.nav.users')}</h1>
      </header>
      <form className="bo-search" onSubmit={search}>
        <input name="q" placeholder={t('bo.users.hint')} minLength={2} data-testid="bo-user-q" />
        <button type="submit" className="bo-primary" data-testid="bo-user-search">
          {t('bo.users.search')}
        </button>
      </form>
      {error ? <p className="bo-error">{error}</p> : null}
      {found?.length === 0 ? <p className="bo-muted">{t('bo.users.none')}</p> : null}
      <div className="bo-split">
        <table className="bo-table">
          <tbody>
            {(found ?? []).map((user) => (
              <tr
                key={user.id}
                className="bo-clickable"
                onClick={() => void open(user.id)}
                data-testid={`bo-user-row-${user.id}`}
              >
                <td>{user.account}</td>
                <td>{user.name_kanji ?? ''}</td>
                <td>{t(`bo.users.state.${user.status}`)}</td>
                <td>{formatWhen(user.created_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {detail ? <UserDetail user={detail} onChanged={() => changed(detail.id)} /> : null}
      </div>
    </section>
  );
}
