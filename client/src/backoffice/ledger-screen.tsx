import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { AdminCallMap } from '@kabuto/schema/contracts';
import { formatWhen } from '../lib/format-time.ts';
import { formatMoney } from '../lib/format.ts';
import { memoText } from '../lib/memo-params.ts';
import { REVERSAL_CAUSES } from '@kabuto/schema/modules/ledger/domain/reversal.ts';
import { adminCall } from './admin-api.ts';
import { msgText } from './console-i18n.ts';
import { ReversalQueue } from './reversal-queue.tsx';

type Journal = AdminCallMap['ledger/journal']['output'];
type Report = AdminCallMap['ledger/reconcile']['output'];

/** Runs the ledger's invariants now and shows every breach (none is the only good answer). */
function ReconcilePanel() {
  const { t } = useTranslation();
  const [report, setReport] = useState<Report | null>(null);
  const run = () =>
    void adminCall('ledger/reconcile').then((answer) => answer.ok && setReport(answer.data));
  return (
    <section className="bo-card" data-testid="bo-reconcile">
      <h2>{t('bo.ledger.reconcile')}</h2>
      <button type="button" onClick={run}>
        {t('bo.ledger.runReconcile')}
      </button>
      {report ? (
        <p className={report.breaches.length === 0 ? 'bo-note' : 'bo-error'}>
          {t('bo.ledger.report', {
            journals: report.journals,
            accounts: report.accounts,
            breaches: report.breaches.length,
            when: formatWhen(report.checked_at),
          })}
        </p>
      ) : null}
      <ul>
        {report?.breaches.map((b, i) => (
          <li key={i} className="bo-error">
            {b.invariant}: {b.detail}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One entry: its postings, and (when it may be) a correction asked for with a reason. */
function JournalView({ journal, onAsked }: { journal: Journal; onAsked: (said: string) => void }) {
  const { t } = useTranslation();
  async function ask(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const answer = await adminCall('ledger/reversal/propose', {
      journal_id: journal.id,
      reason: String(form.get('reason') ?? ''),
      cause: String(form.get('cause') ?? 'other'),
    });
    onAsked(answer.ok ? t('bo.ledger.asked') : msgText(answer.msg));
  }
  return (
    <>
      <p>
        #{journal.id} · {t(`money.kind.${journal.kind}`, { defaultValue: journal.kind })} ·{' '}
        {journal.account ?? '—'} · {formatWhen(journal.created_at)}
      </p>
      <p className="bo-muted">
        {memoText(t, { ...journal, currency: journal.postings[0]?.currency ?? 'JPY' })}
      </p>
      <table className="bo-table">
        <tbody>
          {journal.postings.map((p) => (
            <tr key={p.account}>
              <td className="bo-detail">{p.account}</td>
              <td className="bo-num">
                {formatMoney(p.amount)} {p.currency}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {journal.not_reversible || journal.reversal ? (
        <p className="bo-muted">
          {journal.reversal
            ? t('bo.ledger.already', { status: t(`bo.ledger.status.${journal.reversal.status}`) })
            : t(`bo.ledger.why.${journal.not_reversible}`)}
        </p>
      ) : (
        <form className="bo-buttons" onSubmit={(event) => void ask(event)}>
          <select name="cause" aria-label={t('bo.ledger.causeLabel')} data-testid="bo-cause">
            {REVERSAL_CAUSES.map((cause) => (
              <option key={cause} value={cause}>
                {t(`bo.ledger.causes.${cause}`)}
              </option>
            ))}
          </select>
          <input
            name="reason"
            placeholder={t('bo.ledger.internalReason')}
            required
            minLength={3}
            data-testid="bo-correction-reason"
          />
          <button type="submit" className="bo-danger" data-testid="bo-ask-correction">
            {t('bo.ledger.ask')}
          </button>
        </form>
      )}
    </>
  );
}

/** An entry looked up by its number (or opened from a user's statement: `#/ledger?entry=42`). */
function JournalLookup({ onAsked }: { onAsked: () => void }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const entry = params.get('entry') ?? '';
  const [journal, setJournal] = useState<Journal | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const show = useCallback(
    (id: string) =>
      adminCall('ledger/journal', { id }).then((answer) => {
        setJournal(answer.ok ? answer.data : null);
        setSaid(answer.ok ? null : msgText(answer.msg));
      }),
    [],
  );
  useEffect(() => void (entry ? show(entry) : undefined), [entry, show]);
  function look(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void show(String(new FormData(event.currentTarget).get('id') ?? ''));
  }
  // The entry is read again (it now shows its correction), then what the request came to.
  const asked = (text: string) => {
    void (journal ? show(journal.id) : Promise.resolve()).then(() => setSaid(text));
    onAsked();
  };
  return (
    <section className="bo-card" data-testid="bo-journal">
      <h2>{t('bo.ledger.lookUp')}</h2>
      <form className="bo-buttons" onSubmit={look}>
        <input
          name="id"
          inputMode="numeric"
          defaultValue={entry}
          placeholder={t('bo.ledger.entryNo')}
          required
          data-testid="bo-entry-no"
        />
        <button type="submit">{t('bo.ledger.show')}</button>
      </form>
      {journal ? <JournalView journal={journal} onAsked={asked} /> : null}
      {said ? <p className="bo-note">{said}</p> : null}
    </section>
  );
}

/** `#/ledger` (administrators): the reconcile report and corrections with four eyes. */
export function LedgerScreen() {
  const { t } = useTranslation();
  const [asked, setAsked] = useState(0);
  return (
    <section data-testid="bo-ledger" className="bo-stack">
      <header className="bo-section-head">
        <h1>{t('bo.nav.ledger')}</h1>
      </header>
      <p className="bo-muted">{t('bo.ledger.intro')}</p>
      <ReconcilePanel />
      <JournalLookup onAsked={() => setAsked((n) => n + 1)} />
      <ReversalQueue refreshKey={asked} />
    </section>
  );
}
