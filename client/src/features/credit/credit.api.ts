import type { CallAnswer } from '@kabuto/schema/contracts';
import { callApi, newRequestId } from '../../lib/api-client.ts';
import { storage } from '../../lib/storage.ts';

/** A position's margin and stop-out price before and after an addition (the server's figures). */
export type CreditPreview = CallAnswer<'trade/creditpreview'>;
/** One addition as `trade/ustockslist` sends it (status 0 held with the position, 1 returned). */
export type CreditItem = CallAnswer<'trade/ustockslist'>[number];

export const creditApi = {
  async preview(positionId: string, amount: string): Promise<CreditPreview | null> {
    const response = await callApi(
      'trade/creditpreview',
      { position_id: positionId, amount },
      { quiet: true },
    );
    return response.status === 1 ? response.data : null;
  },
  /** Quiet: the screen keeps a refusal on show beside the field instead of a passing toast. */
  async add(positionId: string, amount: string) {
    return callApi(
      'trade/addcredit',
      { position_id: positionId, amount, request_id: newRequestId() },
      { quiet: true },
    );
  },
  /** The caller's additions to one position, newest first. */
  async itemsOf(positionId: string): Promise<CreditItem[]> {
    const response = await callApi(
      'trade/ustockslist',
      { type: storage.currency(), lang: storage.language() },
      { quiet: true },
    );
    if (response.status !== 1 || !Array.isArray(response.data)) return [];
    return response.data.filter((item) => item.position_id === positionId);
  },
};
