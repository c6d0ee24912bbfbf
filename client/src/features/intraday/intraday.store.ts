import { proxy } from 'valtio';
import { auditTime, merge, type Subscription } from 'rxjs';
import { fromSocketEvent } from '../../lib/rx-socket.ts';
import { accountResync$ } from '../../lib/account-seq.ts';
import { intradayApi, type IntradayApplication, type IntradayDetail } from './intraday.api.ts';

/** The caller's applications and the details opened on screen. */
export const intradayState = proxy<{
  applications: IntradayApplication[] | null;
  details: Record<string, IntradayDetail>;
}>({ applications: null, details: {} });

export async function loadApplications(): Promise<void> {
  const applications = await intradayApi.list();
  if (applications) intradayState.applications = applications;
  for (const id of Object.keys(intradayState.details)) await loadDetail(id);
}

export async function loadDetail(id: string): Promise<void> {
  const detail = await intradayApi.detail(id);
  if (detail) intradayState.details[id] = detail;
}

export function closeDetail(id: string): void {
  delete intradayState.details[id];
}

/**
 * Live: an order, close or settlement (`order:updated`), an inbox message, a reconnect or a lost
 * event refetches the list and the open details, at most every 300 ms.
 */
export function followApplications(): Subscription {
  return merge(
    accountResync$(),
    fromSocketEvent('order:updated'),
    fromSocketEvent('message:created'),
    fromSocketEvent('assets:updated'),
  )
    .pipe(auditTime(300))
    .subscribe(() => void loadApplications());
}
