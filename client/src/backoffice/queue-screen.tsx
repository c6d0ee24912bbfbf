import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { formatWhen } from '../lib/format-time.ts';
import { adminCall } from './admin-api.ts';
import { consoleState, may } from './console.store.ts';
import { msgText } from './console-i18n.ts';
import { QUEUE_KINDS, type QueueKind, type QueueName } from './queue-kinds.tsx';

interface ReviewRow {
  readonly id: string;
  readonly account: string;
  readonly created_at: number;
}

/** Approve, or reject with the reason the user will read. */
function DecisionBox(props: {
  decide: QueueKind<ReviewRow>['decide'];
  rowId: string;
  onDecided: () => void;
}) {
  const { t } = useTranslation();
  const { rowId, onDecided } = props;
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  async function decide(decision: 'approve' | 'reject') {
    if (decision === 'reject' && reason.trim().length === 0) {
      setError(t('bo.queue.reasonNeeded'));
      return;
    }
    const answer = await adminCall(props.decide, {
      id: rowId,
      decision,
      reason: decision === 'reject' ? reason.trim() : '',
    });
    if (answer.ok) onDecided();
    else setError(msgText(answer.msg));
  }
  return (
    <div className="bo-decision">
      <input
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        placeholder={t('bo.queue.reason')}
        maxLength={200}
        data-testid={`bo-reason-${rowId}`}
      />
      <button
        type="button"
        className="bo-primary"
        onClick={() => void decide('approve')}
        data-testid={`bo-approve-${rowId}`}
      >
        {t('bo.queue.approve')}
      </button>
      <button
        type="button"
        className="bo-danger"
        onClick={() => void decide('reject')}
        data-testid={`bo-reject-${rowId}`}
      >
        {t('bo.queue.reject')}
      </button>
      {error ? (
        <p className="bo-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** One pending item: the evidence and facts beside the decision, a reason for a rejection. */
function ReviewCard<R extends ReviewRow>(props: {
  kind: QueueKind<R>;
  row: R;
  canDecide: boolean;
  onDecided: () => void;
}) {
  const { t } = useTranslation();
  const { kind, row } = props;
  const amount = kind.amount(row);
  return (
    <article className="bo-review" data-testid={`bo-review-${row.id}`}>
      <div className="bo-evidence-row">{kind.evidence(row, t)}</div>
      <dl className="bo-facts">
        <dt>{t('bo.queue.account')}</dt>
        <dd>{row.account}</dd>
        {amount ? (
          <>
            <dt>{t('bo.queue.amount')}</dt>
            <dd data-testid="bo-review-amount">{amount}</dd>
          </>
        ) : null}
        {kind.facts(row, t).map(([label, value]) => (
          <div key={label} className="bo-fact">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <dt>{t('bo.queue.submitted')}</dt>
        <dd>{formatWhen(row.created_at)}</dd>
      </dl>
      {props.canDecide ? (
        <DecisionBox decide={kind.decide} rowId={row.id} onDecided={props.onDecided} />
      ) : null}
    </article>
  );
}

function QueueList({ name, kind }: { name: QueueName; kind: QueueKind<ReviewRow> }) {
  const { t } = useTranslation();
  const { me } = useSnapshot(consoleState);
  const [rows, setRows] = useState<ReviewRow[] | null>(null);
  const load = useCallback(
    () =>
      adminCall(kind.list, { status: kind.waiting }).then((answer) =>
        setRows(answer.ok ? (answer.data as ReviewRow[]) : []),
      ),
    [kind],
  );
  useEffect(() => void load(), [load]);
  return (
    <section data-testid={`bo-queue-${name}`} data-count={rows?.length ?? ''}>
      <header className="bo-section-head">
        <h1>{t(kind.title)}</h1>
        <span className="bo-muted">
          {t('bo.queue.pending')}: {rows?.length ?? '…'}
        </span>
        <button type="button" onClick={() => void load()}>
          {t('bo.queue.refresh')}
        </button>
      </header>
      {rows?.length === 0 ? <p className="bo-muted">{t('bo.queue.empty')}</p> : null}
      {(rows ?? []).map((row) => (
        <ReviewCard
          key={row.id}
          kind={kind}
          row={row}
          canDecide={may(me, 'review')}
          onDecided={() => void load()}
        />
      ))}
    </section>
  );
}

/** `#/queues/<kind>`: what waits for a decision, oldest first (a new list for each queue). */
export function QueueScreen() {
  const name = (useParams()['kind'] ?? 'kyc') as QueueName;
  const kind = (QUEUE_KINDS[name] ?? QUEUE_KINDS.kyc) as QueueKind<ReviewRow>;
  return <QueueList key={name} name={name} kind={kind} />;
}
