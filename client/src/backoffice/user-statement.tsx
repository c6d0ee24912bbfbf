import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { AdminCallMap } from '@kabuto/schema/contracts';
import { formatWhen } from '../lib/format-time.ts';
import { formatMoney } from '../lib/format.ts';
import { memoText } from '../lib/memo-params.ts';
import { consoleState, may } from './console.store.ts';

type Line = AdminCallMap['user/detail']['output']['statement'][number];

/** The user's newest statement lines with their entry numbers; administrators may ask to correct one. */
export function UserStatement({ lines }: { lines: readonly Line[] }) {
  const { t } = useTranslation();
  const { me } = useSnapshot(consoleState);
  return (
    <>
      <h3>{t('bo.users.statement')}</h3>
      <table className="bo-table" data-testid="bo-user-statement">
        <thead>
          <tr>
            <th>{t('bo.users.entry')}</th>
            <th>{t('bo.audit.when')}</th>
            <th>{t('bo.users.what')}</th>
            <th className="bo-num">{t('bo.queue.amount')}</th>
            <th className="bo-num">{t('bo.users.balanceAfter')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {lines.length === 0 ? (
            <tr>
              <td className="bo-muted">{t('bo.users.noBalances')}</td>
            </tr>
          ) : null}
          {lines.map((line) => (
            <tr key={`${line.journal_id}-${line.currency}`}>
              <td>#{line.journal_id}</td>
              <td>{formatWhen(line.time)}</td>
              <td>
                <strong>{t(`money.kind.${line.kind}`, { defaultValue: line.kind })}</strong>
                <div className="bo-muted">{memoText(t, line)}</div>
              </td>
              <td className="bo-num">
                {formatMoney(line.amount)} {line.currency}
              </td>
              <td className="bo-num bo-muted">{formatMoney(line.balance)}</td>
              <td>
                {may(me, 'ledger') ? (
                  <a className="bo-nowrap" href={`#/ledger?entry=${line.journal_id}`}>
                    {t('bo.users.correct')}
                  </a>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
