import type { DepositChannel } from '@kabuto/schema/contracts';

/**
 * A deposit channel's name in the reader's language (the operator's name where no translation was
 * given, or from a gateway older than this client).
 */
export function channelName(
  channel: Pick<DepositChannel, 'name'> & { names?: DepositChannel['names'] },
  language: 'jp' | 'cn' | 'us',
): string {
  if (!channel.names) return channel.name;
  if (language === 'cn') return channel.names.zh;
  return language === 'us' ? channel.names.en : channel.names.ja;
}
