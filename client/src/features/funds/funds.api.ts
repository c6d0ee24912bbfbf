import type {
  BankCard,
  CallAnswer,
  CallPath,
  ChannelDetails,
  DepositChannel,
  DepositRow,
  ExchangePrice,
  InboxMessage,
  KycState,
  KycStatus,
  StatementRow,
  WithdrawalRow,
} from '@kabuto/schema/contracts';
import { callApi, type CallArgs } from '../../lib/api-client.ts';

export type {
  BankCard,
  ChannelDetails,
  DepositChannel,
  DepositRow,
  ExchangePrice,
  InboxMessage,
  KycState,
  KycStatus,
  StatementRow,
  WithdrawalRow,
};

/** The calls that answer with a list. */
type ListPath = {
  [P in CallPath]: CallAnswer<P> extends readonly unknown[] ? P : never;
}[CallPath];

/** Loads a list call; an empty list when it was refused (the api client already toasted). */
export async function loadList<P extends ListPath>(
  path: P,
  ...args: CallArgs<P>
): Promise<CallAnswer<P> | []> {
  const response = await callApi(path, ...args);
  return response.status === 1 ? response.data : [];
}

export async function loadKyc(): Promise<KycStatus | null> {
  const response = await callApi('user/kyc');
  return response.status === 1 ? response.data : null;
}
