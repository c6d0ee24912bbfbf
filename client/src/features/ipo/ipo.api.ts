import type { CallAnswer } from '@kabuto/schema/contracts';
import { callApi, newRequestId } from '../../lib/api-client.ts';
import { storage } from '../../lib/storage.ts';
import { cashShortfall, type CashShortfall } from './cash-shortfall.ts';

/** One listing as `ipo/list` sends it. */
export type IpoListing = CallAnswer<'ipo/list'>[number];
/** One listing with the spec's new-share fields and the caller's own subscription. */
export type IpoDetail = CallAnswer<'ipo/detail'>;
/** The caller's subscription as `trade/usernewstocklist` sends it. */
export type NewShareRecord = CallAnswer<'trade/usernewstocklist'>[number];
/** The listing phases the list screen shows as tabs (the spec's subscribing, not started, ended). */
export type ListingTab = 'open' | 'upcoming' | 'closed';

/** A refused call's msg key, or null when it succeeded. */
export type Refusal = string | null;
const refusalOf = (response: { status: number; msg: string }): Refusal =>
  response.status === 1 ? null : response.msg;

export const ipoApi = {
  async list(status: ListingTab): Promise<IpoListing[]> {
    const response = await callApi('ipo/list', { status, lang: storage.language() });
    return response.status === 1 ? response.data : [];
  },
  /** The listing; `null` with the refusal's msg key when there is none (an unknown id). */
  async detail(id: string): Promise<{ detail: IpoDetail | null; refusal: Refusal }> {
    const response = await callApi('ipo/detail', { id, lang: storage.language() }, { quiet: true });
    return response.status === 1
      ? { detail: response.data, refusal: null }
      : { detail: null, refusal: response.msg };
  },
  /** The caller's subscriptions, newest first; `null` when the call was refused (kept as it was). */
  async records(): Promise<NewShareRecord[] | null> {
    const response = await callApi(
      'trade/usernewstocklist',
      { type: storage.currency(), lang: storage.language() },
      { quiet: true },
    );
    return response.status === 1 ? response.data : null;
  },
  /** Subscribes; the screen shows a refusal itself (it must stay on screen, not only as a toast). */
  async subscribe(id: string, lots: number): Promise<{ msg: string; refusal: Refusal }> {
    const response = await callApi(
      'ipo/subscribe',
      { id, lots: String(lots), request_id: newRequestId() },
      { quiet: true },
    );
    return { msg: response.msg, refusal: refusalOf(response) };
  },
  /** Pays; short of cash in the listing's currency, `shortfall` says how much is due and held. */
  async pay(
    subscriptionId: string,
  ): Promise<{ msg: string; refusal: Refusal; shortfall: CashShortfall | null }> {
    const response = await callApi(
      'ipo/pay',
      { subscription_id: subscriptionId, request_id: newRequestId() },
      { quiet: true },
    );
    const shortfall = response.status === 1 ? null : cashShortfall(response.msg, response.data);
    return { msg: response.msg, refusal: refusalOf(response), shortfall };
  },
  async waive(subscriptionId: string): Promise<{ msg: string; refusal: Refusal }> {
    const response = await callApi(
      'ipo/waive',
      { subscription_id: subscriptionId },
      { quiet: true },
    );
    return { msg: response.msg, refusal: refusalOf(response) };
  },
};
