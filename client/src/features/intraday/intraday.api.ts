import type { CallAnswer } from '@kabuto/schema/contracts';
import { callApi, newRequestId } from '../../lib/api-client.ts';

/** One application as `intraday/list` sends it. */
export type IntradayApplication = CallAnswer<'intraday/list'>[number];
/** One application with its trades (`intraday/detail`). */
export type IntradayDetail = CallAnswer<'intraday/detail'>;
export type IntradayCurrency = 'JPY' | 'USD' | 'CNY';

/** The answer of a call the screen shows itself: its msg key, and whether it was refused. */
export interface Answer {
  msg: string;
  refused: boolean;
}
const answerOf = (response: { status: number; msg: string }): Answer => ({
  msg: response.msg,
  refused: response.status !== 1,
});

export const intradayApi = {
  async list(): Promise<IntradayApplication[] | null> {
    const response = await callApi('intraday/list', {}, { quiet: true });
    return response.status === 1 ? response.data : null;
  },
  async detail(id: string): Promise<IntradayDetail | null> {
    const response = await callApi('intraday/detail', { id }, { quiet: true });
    return response.status === 1 ? response.data : null;
  },
  async apply(currency: IntradayCurrency, amount: string): Promise<Answer> {
    const response = await callApi(
      'intraday/apply',
      { currency, amount, request_id: newRequestId() },
      { quiet: true },
    );
    return answerOf(response);
  },
  /** A market order under the active application (`trade/order` with `intraday=1`). */
  async order(symbol: string, side: 'long' | 'short', qty: number): Promise<Answer> {
    const response = await callApi(
      'trade/order',
      {
        symbol,
        side,
        kind: 'market',
        qty: String(qty),
        leverage: '1',
        intraday: '1',
        request_id: newRequestId(),
      },
      { quiet: true },
    );
    return answerOf(response);
  },
};
