import { Button, List, Selector } from 'antd-mobile';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { STATEMENT_GROUP_NAMES, type StatementGroup } from '@kabuto/schema/domain';
import { HeaderBar } from '../../components/header-bar.tsx';
import { NoData } from '../../components/no-data.tsx';
import { callForFile } from '../../lib/api-client.ts';
import { translateMsg } from '../../lib/i18n.ts';
import { showRefusal } from '../../lib/toast.ts';
import { formatAmount } from '../../lib/format.ts';
import { PullRefresh } from '../../components/pull-refresh.tsx';
import { formatWhen } from '../../lib/format-time.ts';
import { loadList, type StatementRow } from './funds.api.ts';
import { memoText } from '../../lib/memo-params.ts';

const CURRENCIES = ['JPY', 'USD', 'CNY'] as const;
/** The statement's chips: every movement, then one chip per statement group (schema's list). */
const GROUP_CHIPS = ['all', ...STATEMENT_GROUP_NAMES] as const;

/** The filter in the address (`?group=loans&currency=JPY`), so Back and a link keep it. */
function useStatementFilter() {
  const [params, setParams] = useSearchParams();
  const askedGroup = params.get('group');
  const group = STATEMENT_GROUP_NAMES.find((g) => g === askedGroup);
  const askedCurrency = params.get('currency');
  const currency = CURRENCIES.find((c) => c === askedCurrency);
  const set = (name: 'group' | 'currency', value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value && value !== 'all') next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };
  return { group, currency, set };
}

/** Whether the address asks exactly for the shown value of a filter (one entry, or none for all). */
function addressShows(params: URLSearchParams, name: string, shown: string | undefined): boolean {
  const asked = params.getAll(name);
  return shown ? asked.length === 1 && asked[0] === shown : asked.length === 0;
}

/**
 * An address with a group or currency the screen does not know (or repeats one) shows All: it is
 * replaced, not pushed, by the filter shown, so Back or a shared link cannot keep a filter the
 * screen never applied.
 */
function useTidyFilterAddress(
  group: StatementGroup | undefined,
  currency: string | undefined,
): void {
  const [params, setParams] = useSearchParams();
  const tidy = addressShows(params, 'group', group) && addressShows(params, 'currency', currency);
  useEffect(() => {
    if (tidy) return;
    const next = new URLSearchParams(params);
    next.delete('group');
    next.delete('currency');
    if (currency) next.set('currency', currency);
    if (group) next.set('group', group);
    setParams(next, { replace: true });
  }, [tidy, params, setParams, group, currency]);
}

function filterPayload(
  currency: string | undefined,
  group: StatementGroup | undefined,
): Record<string, string> {
  return { ...(currency ? { currency } : {}), ...(group ? { group } : {}) };
}

/** Downloads the statement as CSV; a failed download says why, else the tap would seem ignored. */
async function exportCsv(payload: Record<string, string>): Promise<void> {
  const answer = await callForFile('fund/records.csv', payload);
  if ('refusal' in answer) {
    showRefusal(translateMsg(answer.refusal));
    return;
  }
  const link = document.createElement('a');
  link.href = URL.createObjectURL(answer.file);
  link.download = 'kabuto-statement.csv';
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

/** The row's memo in the user's language; the server's English memo for journals without parameters. */
function useMemoText(row: StatementRow): string {
  const { t } = useTranslation();
  return memoText(t, row);
}

function RecordItem({ row }: { row: StatementRow }) {
  const { t } = useTranslation();
  const memo = useMemoText(row);
  const negative = row.amount.startsWith('-');
  return (
    <List.Item
      data-testid="record-row"
      data-kind={row.kind}
      data-currency={row.currency}
      description={
        <>
          <div data-testid="record-memo">{memo}</div>
          <div>
            {formatWhen(row.time)} ·{' '}
            <span data-testid="record-no">
              {t('money.orderNo')} {row.journal_id}
            </span>
          </div>
        </>
      }
      extra={
        <div className="record-amounts">
          <strong className={negative ? 'amount-out' : 'amount-in'}>
            {negative ? '' : '+'}
            {formatAmount(row.amount, row.currency)}
          </strong>
          <span className="muted" data-testid="record-balance">
            {t('money.balance')} {formatAmount(row.balance, row.currency)}
          </span>
        </div>
      }
    >
      {t(`money.kind.${row.kind}`, { defaultValue: row.kind })}
    </List.Item>
  );
}

/**
 * The rows of the filter they were loaded for: another filter shows none until its own arrive,
 * and an answer for a filter no longer chosen is dropped (arriving late, it would otherwise
 * replace the chosen chip's rows and leave the screen empty).
 */
function useStatementRows(payload: Record<string, string>) {
  const [loaded, setLoaded] = useState<{
    payload: Record<string, string>;
    rows: StatementRow[];
  } | null>(null);
  const chosen = useRef(payload);
  const reload = useCallback(
    () =>
      loadList('fund/records', payload).then((rows) => {
        if (chosen.current === payload) setLoaded({ payload, rows });
      }),
    [payload],
  );
  useEffect(() => {
    chosen.current = payload;
    void reload();
  }, [payload, reload]);
  return { rows: loaded?.payload === payload ? loaded.rows : null, reload };
}

function StatementFilters() {
  const { t } = useTranslation();
  const { group, currency, set } = useStatementFilter();
  return (
    <div className="card filters">
      <Selector
        showCheckMark={false}
        options={CURRENCIES.map((c) => ({ label: c, value: c }))}
        value={currency ? [currency] : []}
        onChange={(v: string[]) => set('currency', v[0])}
      />
      <Selector
        className="statement-groups"
        showCheckMark={false}
        options={GROUP_CHIPS.map((g) => ({
          label: <span data-testid={`records-group-${g}`}>{t(`money.group.${g}`)}</span>,
          value: g,
        }))}
        value={[group ?? 'all']}
        onChange={(v: string[]) => set('group', v[0])}
      />
    </div>
  );
}

/** /mine/transactionRecords: the statement, every ledger movement of the user's cash with running balances, by group and currency; CSV export. */
export function RecordsScreen() {
  const { t } = useTranslation();
  const { group, currency } = useStatementFilter();
  useTidyFilterAddress(group, currency);
  const payload = useMemo(() => filterPayload(currency, group), [currency, group]);
  const { rows, reload } = useStatementRows(payload);
  return (
    <div
      className="screen"
      data-testid="records-screen"
      data-group={group ?? 'all'}
      data-loaded={rows ? 'yes' : 'no'}
    >
      <HeaderBar
        title={t('mine.records')}
        extra={
          <Button size="mini" onClick={() => void exportCsv(payload)} data-testid="records-csv">
            CSV
          </Button>
        }
      />
      <StatementFilters />
      <PullRefresh onRefresh={reload}>
        {rows?.length === 0 ? <NoData /> : null}
        {rows?.length ? (
          <List className="card" style={{ padding: 0 }}>
            {rows.map((row) => (
              <RecordItem key={`${row.journal_id}-${row.currency}`} row={row} />
            ))}
          </List>
        ) : null}
      </PullRefresh>
    </div>
  );
}
