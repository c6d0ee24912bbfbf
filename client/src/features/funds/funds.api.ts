import { callApi } from '../../lib/api-client.ts';
import { LOCALE_OF } from '../../lib/i18n.ts';
import { storage } from '../../lib/storage.ts';

export type KycState = 'none' | 'pending' | 'verified' | 'failed';

export interface KycStatus {
  state: KycState;
  reason: string | null;
  name_kanji: string | null;
  name_kana: string | null;
  document_type: string | null;
}

export interface BankCard {
  card_id: string;
  holder_kana: string;
  bank_name: string;
  branch_name: string;
  branch_code: string;
  card_type: 'ordinary' | 'current';
  account_number: string;
  masked_number: string;
}

export interface DepositChannel {
  channel_id: string;
  name: string;
  currency: string;
  max_single: string;
}

export interface ChannelDetails extends DepositChannel {
  bank_name: string;
  branch_name: string;
  account_name: string;
  account_number: string;
  transfer_reference: string;
}

export interface StatementRow {
  journal_id: string;
  time: number;
  kind: string;
  memo: string;
  /** The memo's template (`template`) and parameters; null on journals written before them. */
  memo_params: Record<string, string> | null;
  currency: string;
  amount: string;
  balance: string;
}

export interface InboxMessage {
  message_id: string;
  kind: string;
  params: Record<string, string>;
  read: boolean;
  created_at: number;
  anti_phishing_phrase: string | null;
}

export interface ExchangePrice {
  from: string;
  to: string;
  mid_rate: string;
  applied_rate: string;
  spread: string;
  amount: string;
  receive: string;
  quote_id: string;
  valid_seconds: number;
}

/** Loads a list call; an empty list when it was refused (the api client already toasted). */
export async function loadList<T>(
  path: string,
  payload: Record<string, string> = {},
): Promise<T[]> {
  const response = await callApi<T[]>(path, payload);
  return response.status === 1 && Array.isArray(response.data) ? response.data : [];
}

export async function loadKyc(): Promise<KycStatus | null> {
  const response = await callApi<KycStatus>('user/kyc');
  return response.status === 1 ? response.data : null;
}

/** The currencies of spec section 9 (and SAR for the US–Saudi transfers). */
export const EXCHANGE_CURRENCIES = [
  'JPY',
  'USD',
  'CNY',
  'HKD',
  'TWD',
  'THB',
  'VND',
  'MYR',
  'KRW',
  'SAR',
] as const;

/** A time in the reader's language (ja-JP, zh-CN, en-US), to the minute. */
export function formatWhen(ms: number): string {
  return new Date(ms).toLocaleString(LOCALE_OF[storage.language()], {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
}
