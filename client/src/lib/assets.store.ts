import { proxy } from 'valtio';
import { merge, type Subscription } from 'rxjs';
import type { AssetsData } from '@kabuto/schema/contracts';
import { callApi } from './api-client.ts';
import { storage } from './storage.ts';
import { fromSocketEvent } from './rx-socket.ts';
import { accountResync$ } from './account-seq.ts';

/** The account summary as the server computed it; the client never sums money. */
export const assetsState = proxy<{ summary: AssetsData | null }>({ summary: null });

/** `loading`: show the loading toast (the screen's own load); background resyncs stay silent. */
export async function loadAssets(options: { loading: boolean } = { loading: true }): Promise<void> {
  const response = await callApi(
    'user/assets',
    { type: storage.currency() },
    { loading: options.loading, quiet: !options.loading },
  );
  if (response.status === 1) assetsState.summary = response.data;
}

/**
 * Live summary: `assets:updated` carries summaries per display currency; a gap in the account's
 * `seq` (an event lost, whatever its name) or a reconnect refetches the REST snapshot.
 */
export function followAssets(): Subscription {
  const updates = fromSocketEvent('assets:updated').subscribe((event) => {
    const summaries = event['summaries'] as Record<string, AssetsData> | undefined;
    const next = summaries?.[storage.currency()];
    if (next) assetsState.summary = next;
  });
  const resync = merge(accountResync$(), fromSocketEvent('fund:updated')).subscribe(
    () => void loadAssets({ loading: false }),
  );
  updates.add(resync);
  return updates;
}
