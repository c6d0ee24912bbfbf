import type { CallAnswer } from '@kabuto/schema/contracts';
import { callApi, newRequestId } from '../../lib/api-client.ts';
import { storage } from '../../lib/storage.ts';

export type BlockOffer = CallAnswer<'block/list'>[number];
export type BlockDetail = CallAnswer<'block/detail'>;
export type BlockOrder = CallAnswer<'block/orders'>[number];
export type OfferTab = 'open' | 'upcoming';

export const blockApi = {
  async list(status: OfferTab): Promise<BlockOffer[]> {
    const response = await callApi('block/list', { status, lang: storage.language() });
    return response.status === 1 ? response.data : [];
  },
  async detail(id: string): Promise<{ detail: BlockDetail | null; refusal: string | null }> {
    const response = await callApi(
      'block/detail',
      { id, lang: storage.language() },
      { quiet: true },
    );
    return response.status === 1
      ? { detail: response.data, refusal: null }
      : { detail: null, refusal: response.msg };
  },
  async orders(): Promise<BlockOrder[] | null> {
    const response = await callApi('block/orders', { lang: storage.language() }, { quiet: true });
    return response.status === 1 ? response.data : null;
  },
  /** Buys; the screen shows a refusal itself (it stays on screen, not only as a toast). */
  async buy(
    id: string,
    lots: number,
    key: string | null,
    requestId: string = newRequestId(),
  ): Promise<{ msg: string; ok: boolean }> {
    const response = await callApi(
      'block/buy',
      {
        id,
        lots: String(lots),
        request_id: requestId,
        ...(key === null ? {} : { key }),
      },
      { quiet: true },
    );
    return { msg: response.msg, ok: response.status === 1 };
  },
};
