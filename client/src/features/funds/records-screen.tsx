import { Button, List, Selector } from 'antd-mobile';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HeaderBar } from '../../components/header-bar.tsx';
import { NoData } from '../../components/no-data.tsx';
import { callForFile } from '../../lib/api-client.ts';
import { formatAmount } from '../../lib/format.ts';
import { PullRefresh } from '../../components/pull-refresh.tsx';
import { formatWhen } from '../../lib/format-time.ts';
import { loadList, type StatementRow } from './funds.api.ts';
import { formatMemoParams } from './memo-params.ts';

const KINDS = [
  'deposit',
  'withdrawal_hold',
  'withdrawal_returned',
  'exchange',
  'position_open',
  'position_close',
  'order_hold',
  'order_release',
  'paper_grant',
] as const;
const CURRENCIES = ['JPY', 'USD', 'CNY'] as const;

function filterPayload(
  currency: string | undefined,
  kind: string | undefined,
): Record<string, string> {
  return { ...(currency ? { currency } : {}), ...(kind ? { kind } : {}) };
}

async function exportCsv(payload: Record<string, string>): Promise<void> {
  const blob = await callForFile('fund/records.csv', payload);
  if (!blob) return;
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = 'kabuto-statement.csv';
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

/** The row's memo in the user's language; the server's English memo for journals without parameters. */
function useMemoText(row: StatementRow): string {
  const { t } = useTranslation();
  const params = row.memo_params;
  if (!params?.['template']) return row.memo;
  const shown = formatMemoParams(params, row.currency);
  if (shown['side']) shown['side'] = t(`money.side.${shown['side']}`);
  // A reason may be a refusal's msg key (a bank that refused a payout): shown in words.
  if (shown['reason']) {
    shown['reason'] = t(`msg.${shown['reason']}`, { defaultValue: shown['reason'] });
  }
  return t(`money.memo.${params['template']}`, { ...shown, defaultValue: row.memo });
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

/** /mine/transactionRecords: the statement, every ledger movement of the user's cash with running balances; CSV export. */
export function RecordsScreen() {
  const { t } = useTranslation();
  const [currency, setCurrency] = useState<string | undefined>();
  const [kind, setKind] = useState<string | undefined>();
  const [rows, setRows] = useState<StatementRow[] | null>(null);
  const reload = useCallback(
    () => loadList('fund/records', filterPayload(currency, kind)).then(setRows),
    [currency, kind],
  );
  useEffect(() => void reload(), [reload]);
  return (
    <div className="screen" data-testid="records-screen" data-loaded={rows ? 'yes' : 'no'}>
      <HeaderBar
        title={t('mine.records')}
        extra={
          <Button
            size="mini"
            onClick={() => void exportCsv(filterPayload(currency, kind))}
            data-testid="records-csv"
          >
            CSV
          </Button>
        }
      />
      <div className="card filters">
        <Selector
          showCheckMark={false}
          options={CURRENCIES.map((c) => ({ label: c, value: c }))}
          value={currency ? [currency] : []}
          onChange={(v: string[]) => setCurrency(v[0])}
        />
        <Selector
          showCheckMark={false}
          columns={3}
          options={KINDS.map((k) => ({ label: t(`money.kind.${k}`), value: k }))}
          value={kind ? [kind] : []}
          onChange={(v: string[]) => setKind(v[0])}
        />
      </div>
      <PullRefresh onRefresh={reload}>
        {rows?.length === 0 ? <NoData /> : null}
        <List className="card" style={{ padding: 0 }}>
          {(rows ?? []).map((row) => (
            <RecordItem key={`${row.journal_id}-${row.currency}`} row={row} />
          ))}
        </List>
      </PullRefresh>
    </div>
  );
}
