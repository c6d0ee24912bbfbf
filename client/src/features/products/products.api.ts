import type { CallAnswer } from '@kabuto/schema/contracts';
import { callApi, newRequestId } from '../../lib/api-client.ts';
import { storage } from '../../lib/storage.ts';

export type Product = CallAnswer<'product/list'>[number];
export type ProductDetail = CallAnswer<'product/detail'>;
export type ProductOrder = CallAnswer<'trade/userproductlist'>[number];

export const productsApi = {
  async list(): Promise<Product[] | null> {
    const response = await callApi('product/list', { lang: storage.language() }, { quiet: true });
    return response.status === 1 ? response.data : null;
  },
  async detail(id: string): Promise<ProductDetail | null> {
    const response = await callApi(
      'product/detail',
      { id, lang: storage.language() },
      { quiet: true },
    );
    return response.status === 1 ? response.data : null;
  },
  async orders(): Promise<ProductOrder[] | null> {
    const response = await callApi(
      'trade/userproductlist',
      { lang: storage.language() },
      { quiet: true },
    );
    return response.status === 1 ? response.data : null;
  },
  /** Follows; the screen shows a refusal itself (it stays on screen, not only as a toast). */
  async follow(id: string, amount: string, requestId: string = newRequestId()) {
    const response = await callApi(
      'product/follow',
      { id, amount, request_id: requestId },
      { quiet: true },
    );
    return { msg: response.msg, ok: response.status === 1 };
  },
  async redeem(orderId: string, requestId: string = newRequestId()) {
    const response = await callApi(
      'product/redeem',
      { order_id: orderId, request_id: requestId },
      { quiet: true },
    );
    return { msg: response.msg, ok: response.status === 1 };
  },
};
