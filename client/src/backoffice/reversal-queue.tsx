import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { AdminCallMap } from '@kabuto/schema/contracts';
import { formatWhen } from '../lib/format-time.ts';
import { adminCall } from './admin-api.ts';
import { msgText } from './console-i18n.ts';
import { consoleState } from './console.store.ts';

type Request = AdminCallMap['ledger/reversal/list']['output'][number];

/** One correction waiting for a second administrator: approve or reject it, with a reason. */
function PendingRow({
  request,
  onDecided,
}: {
  request: Request;
  onDecided: (said: string) => void;
}) {
  const { t } = useTranslation();
  const { me } = useSnapshot(consoleState);
  const [reason, setReason] = useState('');
  const mine = request.proposed_by === me?.login;
  const decide = async (decision: 'approve' | 'reject') => {
    if (!window.confirm(t(`bo.ledger.confirm.${decision}`, { moved: request.moved }))) return;
    const answer = await adminCall('ledger/reversal/decide', { id: request.id, decision, reason });
    onDecided(answer.ok ? t('bo.ledger.decided') : msgText(answer.msg));
  };
  return (
    <tr data-testid={`bo-reversal-${request.id}`}>
      <td>
        {/* The entry's postings open above, so the approver sees what the reversal will move. */}
        <a href={`#/ledger?entry=${request.journal_id}`}>#{request.journal_id}</a>
      </td>
      <td>{request.account}</td>
      <td className="bo-num bo-nowrap">{request.moved}</td>
      <td>
        {t(`bo.ledger.causes.${request.cause}`)}
        <div className="bo-muted">{request.reason}</div>
      </td>
      <td>
        {request.proposed_by} · {formatWhen(request.proposed_at)}
      </td>
      <td>
        {mine ? (
          <span className="bo-muted">{t('bo.ledger.notYours')}</span>
        ) : (
          <span className="bo-buttons">
            <input
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              placeholder={t('bo.settings.reason')}
              aria-label={t('bo.settings.reason')}
              data-testid="bo-decision-reason"
            />
            <button
              type="button"
              className="bo-primary"
              onClick={() => void decide('approve')}
              data-testid="bo-approve-correction"
            >
              {t('bo.queue.approve')}
            </button>
            <button type="button" onClick={() => void decide('reject')}>
              {t('bo.queue.reject')}
            </button>
          </span>
        )}
      </td>
    </tr>
  );
}

/** Corrections asked for and waiting for a second administrator (four eyes). */
export function ReversalQueue({ refreshKey }: { refreshKey: number }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<Request[]>([]);
  const [said, setSaid] = useState<string | null>(null);
  const load = useCallback(
    () =>
      adminCall('ledger/reversal/list', { status: 'pending' }).then((answer) => {
        if (answer.ok) setRows(answer.data);
      }),
    [],
  );
  useEffect(() => void load(), [load, refreshKey]);
  return (
    <section className="bo-card" data-testid="bo-reversals">
      <h2>{t('bo.ledger.pending')}</h2>
      {rows.length === 0 ? <p className="bo-muted">{t('bo.queue.empty')}</p> : null}
      <table className="bo-table">
        <thead>
          <tr>
            <th>{t('bo.users.entry')}</th>
            <th>{t('bo.staff.login')}</th>
            <th className="bo-num">{t('bo.ledger.moved')}</th>
            <th>{t('bo.ledger.causeLabel')}</th>
            <th>{t('bo.ledger.asker')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.map((request) => (
            <PendingRow
              key={request.id}
              request={request}
              onDecided={(text) => {
                setSaid(text);
                void load();
              }}
            />
          ))}
        </tbody>
      </table>
      {said ? <p className="bo-note">{said}</p> : null}
    </section>
  );
}
