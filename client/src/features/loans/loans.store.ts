import { proxy } from 'valtio';
import { auditTime, merge, type Subscription } from 'rxjs';
import { fromSocketEvent } from '../../lib/rx-socket.ts';
import { accountResync$ } from '../../lib/account-seq.ts';
import { loadAssets } from '../../lib/assets.store.ts';
import { loansApi, type LoanInfo, type LoanRecord } from './loans.api.ts';

/** The loan figures and records, shared by /mine/loan and /mine/loanOrder. */
export const loansState = proxy<{ info: LoanInfo | null; records: LoanRecord[] | null }>({
  info: null,
  records: null,
});

export async function loadLoans(): Promise<void> {
  const [info, records] = await Promise.all([loansApi.info(), loansApi.list()]);
  if (info) loansState.info = info;
  if (records) loansState.records = records;
}

/**
 * Live loans: `loan:updated` moves the loan's status and outstanding at once (then the figures
 * are fetched again: the limit and cash moved too); a lost event or a reconnect refetches, and
 * so does any change of the account's money (the collateral), at most once a second.
 */
export function followLoans(): Subscription {
  const updates = fromSocketEvent('loan:updated').subscribe((event) => {
    const row = loansState.records?.find((r) => r.id === event.loan_id);
    if (row) {
      row.status = event.status;
      row.outstanding = event.outstanding;
    }
    const current = loansState.info?.loan;
    if (current?.id === event.loan_id && loansState.info) {
      current.status = event.status;
      current.outstanding = event.outstanding;
      loansState.info.status = event.status;
    }
    void loadLoans();
    void loadAssets({ loading: false });
  });
  const changes = merge(accountResync$(), fromSocketEvent('fund:updated'))
    .pipe(auditTime(1000))
    .subscribe(() => void loadLoans());
  updates.add(changes);
  return updates;
}
