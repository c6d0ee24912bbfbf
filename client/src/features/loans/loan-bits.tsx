import './loans.css';
import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatWhen } from '../../lib/format-time.ts';
import type { LoanRecord } from './loans.api.ts';

const STATE_COLOR: Record<string, string> = {
  under_review: 'warning',
  passed: 'primary',
  rejected: 'danger',
  repaid: 'success',
};

/** A loan's state in the reader's language (under review, passed, rejected, repaid). */
export function LoanStateTag({ status }: { status: LoanRecord['status'] }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATE_COLOR[status] ?? 'default'} data-testid="loan-state" data-state={status}>
      {t(`loans.status.${status}`)}
    </Tag>
  );
}

export const when = (ms: number | null) => (ms === null ? '--' : formatWhen(ms));

/** One label and value line of a card. */
export function Line({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="detail-row">
      <span className="muted">{label}</span>
      <span className="num" data-testid={testId}>
        {value}
      </span>
    </div>
  );
}
