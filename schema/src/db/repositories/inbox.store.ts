import type { Db } from '../create-db.ts';

/** Message kinds the client translates; params fill the template (never free text from staff). */
export type InboxKind =
  | 'kyc_approved'
  | 'kyc_rejected'
  | 'channel_password'
  | 'deposit_approved'
  | 'deposit_rejected'
  | 'withdrawal_paid'
  | 'withdrawal_rejected'
  | 'withdrawal_failed'
  | 'margin_call'
  | 'stop_out'
  | 'ipo_won'
  | 'ipo_lost'
  | 'ipo_forfeited'
  | 'ipo_listed'
  | 'loan_applied'
  | 'loan_passed'
  | 'loan_rejected'
  | 'loan_repaid'
  | 'loan_margin_call'
  | 'intraday_settled'
  | 'intraday_failed';

export async function insertInboxMessage(
  trx: Db,
  values: { userId: number; kind: InboxKind; params: Record<string, string>; nowMs: number },
): Promise<void> {
  await trx
    .insertInto('inbox_message')
    .values({
      user_id: BigInt(values.userId),
      kind: values.kind,
      params: JSON.stringify(values.params),
      read_at: null,
      created_at: values.nowMs,
    })
    .execute();
}
