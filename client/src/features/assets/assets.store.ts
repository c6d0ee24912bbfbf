import { proxy } from 'valtio';
import { merge, type Subscription } from 'rxjs';
import type { AssetsData } from '@kabuto/schema/contracts';
import { callApi } from '../../lib/api-client.ts';
import { storage } from '../../lib/storage.ts';
import { connected$, fromSocketEvent } from '../../lib/rx-socket.ts';

/** The account summary as the server computed it; the client never sums money. */
export const assetsState = proxy<{ summary: AssetsData | null; lastSeq: number }>({
  summary: null,
  lastSeq: 0,
});

/** `loading`: show the loading toast (the screen's own load); background resyncs stay silent. */
export async function loadAssets(options: { loading: boolean } = { loading: true }): Promise<void> {
  const response = await callApi<AssetsData>(
    'user/assets',
    { type: storage.currency() },
    { loading: options.loading, quiet: !options.loading },
  );
  if (response.status === 1) assetsState.summary = response.data;
}

/**
 * Live summary: `assets:updated` carries summaries per display currency; a gap in `seq` or a
 * reconnect refetches the REST snapshot.
 */
export function followAssets(): Subscription {
  const updates = fromSocketEvent('assets:updated').subscribe((event) => {
    const summaries = event['summaries'] as Record<string, AssetsData> | undefined;
    const next = summaries?.[storage.currency()];
    if (next) assetsState.summary = next;
    assetsState.lastSeq = event.seq;
  });
  const resync = merge(connected$(), fromSocketEvent('fund:updated')).subscribe(
    () => void loadAssets({ loading: false }),
  );
  updates.add(resync);
  return updates;
}
