import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import type { AdminCallMap } from '@kabuto/schema/contracts';
import { formatAmount } from '../lib/format.ts';
import { EvidenceImage } from './evidence-image.tsx';

type Row<P extends keyof AdminCallMap> = AdminCallMap[P]['output'] extends readonly (infer R)[]
  ? R
  : never;

/** What one review queue lists and shows beside its decision. */
export interface QueueKind<R> {
  readonly list: 'kyc/list' | 'deposit/list' | 'withdrawal/list' | 'loan/list';
  readonly decide: 'kyc/decide' | 'deposit/decide' | 'withdrawal/decide' | 'loan/decide';
  readonly waiting: string;
  readonly title: string;
  readonly amount: (row: R) => string | null;
  readonly facts: (row: R, t: TFunction) => [string, ReactNode][];
  readonly evidence: (row: R, t: TFunction) => ReactNode;
}

const kyc: QueueKind<Row<'kyc/list'>> = {
  list: 'kyc/list',
  decide: 'kyc/decide',
  waiting: 'pending',
  title: 'bo.nav.kyc',
  amount: () => null,
  facts: (row, t) => [
    [t('bo.kyc.nameKanji'), row.name_kanji],
    [t('bo.kyc.nameKana'), row.name_kana],
    [t('bo.kyc.idNumber'), row.id_number],
    [
      t('bo.kyc.document'),
      t(`money.document.${row.document_type}`, { defaultValue: row.document_type }),
    ],
  ],
  evidence: (row, t) => (
    <>
      <EvidenceImage uploadId={row.front_upload_id} label={t('bo.kyc.front')} />
      <EvidenceImage uploadId={row.back_upload_id} label={t('bo.kyc.back')} />
    </>
  ),
};

const deposit: QueueKind<Row<'deposit/list'>> = {
  list: 'deposit/list',
  decide: 'deposit/decide',
  waiting: 'pending',
  title: 'bo.nav.deposits',
  amount: (row) => formatAmount(row.amount, row.currency),
  facts: (row, t) => [
    [t('bo.deposit.verifiedName'), row.verified_name ?? '—'],
    [t('bo.deposit.reference'), row.transfer_reference],
  ],
  evidence: (row, t) => (
    <EvidenceImage uploadId={row.proof_upload_id} label={t('bo.deposit.proof')} />
  ),
};

const withdrawal: QueueKind<Row<'withdrawal/list'>> = {
  list: 'withdrawal/list',
  decide: 'withdrawal/decide',
  waiting: 'pending',
  title: 'bo.nav.withdrawals',
  amount: (row) => formatAmount(row.amount, row.currency),
  facts: (row, t) => [
    [t('bo.withdrawal.holder'), row.holder_kana],
    [
      t('bo.withdrawal.card'),
      `${row.bank_name} ${row.branch_name} (${row.branch_code}) ${row.card_type} ${row.account_number}`,
    ],
  ],
  evidence: () => null,
};

const loan: QueueKind<Row<'loan/list'>> = {
  list: 'loan/list',
  decide: 'loan/decide',
  waiting: 'under_review',
  title: 'bo.nav.loans',
  amount: (row) => formatAmount(row.amount, row.currency),
  facts: (row, t) => [
    [t('bo.loan.score'), String(row.credit_score)],
    [t('bo.loan.limit'), formatAmount(row.limit, 'JPY')],
    [t('bo.loan.collateral'), formatAmount(row.collateral, 'JPY')],
    [t('bo.loan.available'), formatAmount(row.available, 'JPY')],
  ],
  evidence: () => null,
};

/** The queues by their route name (`#/queues/<kind>`). */
export const QUEUE_KINDS = { kyc, deposit, withdrawal, loan } as const;
export type QueueName = keyof typeof QUEUE_KINDS;
