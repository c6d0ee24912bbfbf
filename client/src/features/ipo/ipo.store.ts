import { proxy } from 'valtio';
import { auditTime, merge, type Subscription } from 'rxjs';
import type { AllotmentDrawn } from '@kabuto/schema/contracts';
import { fromSocketEvent } from '../../lib/rx-socket.ts';
import { accountResync$ } from '../../lib/account-seq.ts';
import { ipoApi, type NewShareRecord } from './ipo.api.ts';
import { applyDrawn } from './drawn-row.ts';

/** The caller's subscriptions (`trade/usernewstocklist`), shared by the records screen and the Positions tab. */
export const recordsState = proxy<{ records: NewShareRecord[] | null }>({ records: null });

export async function loadRecords(): Promise<void> {
  const records = await ipoApi.records();
  if (records) recordsState.records = records;
}

function onDrawn(event: AllotmentDrawn): void {
  const rows = recordsState.records;
  const at = rows?.findIndex((row) => row.id === event.subscription_id) ?? -1;
  if (rows && at >= 0) rows[at] = applyDrawn(rows[at] as NewShareRecord, event);
  else void loadRecords();
}

/**
 * Live records: `allotment:drawn` updates its row at once; a lost event (a `seq` gap) or a
 * reconnect refetches the list, and so does any change of the account's money or positions
 * (payment, listing, a sale), at most once a second.
 */
export function followRecords(): Subscription {
  const drawn = fromSocketEvent('allotment:drawn').subscribe(onDrawn);
  const changes = merge(
    accountResync$(),
    fromSocketEvent('assets:updated'),
    fromSocketEvent('order:updated'),
  )
    .pipe(auditTime(1000))
    .subscribe(() => void loadRecords());
  drawn.add(changes);
  return drawn;
}
