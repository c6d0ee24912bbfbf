import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminCallMap } from '@kabuto/schema/contracts';
import { formatWhen } from '../lib/format-time.ts';
import { adminCall } from './admin-api.ts';

type AuditRow = AdminCallMap['audit/list']['output'][number];

/** `#/audit` (administrators): the append-only log, newest first, searchable, 50 a page. */
export function AuditScreen() {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [rows, setRows] = useState<AuditRow[]>([]);
  const load = useCallback(
    (query: string, beforeId?: string) =>
      adminCall('audit/list', { q: query, before_id: beforeId ?? '' }).then((answer) => {
        if (answer.ok) setRows((shown) => (beforeId ? [...shown, ...answer.data] : answer.data));
      }),
    [],
  );
  useEffect(() => void load(''), [load]);
  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void load(q);
  }
  const last = rows[rows.length - 1];
  return (
    <section data-testid="bo-audit">
      <header className="bo-section-head">
        <h1>{t('bo.nav.audit')}</h1>
      </header>
      <form className="bo-search" onSubmit={search}>
        <input
          value={q}
          onChange={(event) => setQ(event.target.value)}
          placeholder={t('bo.audit.search')}
        />
      </form>
      <table className="bo-table">
        <thead>
          <tr>
            <th>{t('bo.audit.when')}</th>
            <th>{t('bo.audit.staff')}</th>
            <th>{t('bo.audit.action')}</th>
            <th>{t('bo.audit.subject')}</th>
            <th>{t('bo.audit.detail')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td>{formatWhen(row.created_at)}</td>
              <td>{row.staff}</td>
              <td>{row.action}</td>
              <td>{row.subject}</td>
              <td className="bo-detail">{JSON.stringify(row.detail)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length === 50 || (last && rows.length % 50 === 0) ? (
        <button type="button" onClick={() => void load(q, last?.id)}>
          {t('bo.audit.more')}
        </button>
      ) : null}
    </section>
  );
}
