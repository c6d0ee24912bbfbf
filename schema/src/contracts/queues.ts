/** BullMQ queue names (kebab-case) and their payloads. Job ids are deterministic, no ':'. */
export const QUEUE_NAMES = {
  assetRecompute: 'asset-recompute',
  ipoAllotment: 'ipo-allotment',
  intradaySettlement: 'intraday-settlement',
  withdrawalPayout: 'withdrawal-payout',
} as const;

export interface QueuePayloads {
  'asset-recompute': { userId: number; reason: string };
  'ipo-allotment': { ipoId: number };
  'intraday-settlement': { sessionDate: string };
  'withdrawal-payout': { withdrawalId: number };
}

export function queueName(base: keyof QueuePayloads, prefix: string): string {
  return `${prefix}-${base}`;
}

/** One payout job per withdrawal: a second approval or the start-up sweep cannot queue it twice. */
export function withdrawalPayoutJobId(withdrawalId: number): string {
  return `payout-${withdrawalId}`;
}

export function assetRecomputeJobId(userId: number, reason: string): string {
  return `assets-${userId}-${reason}`;
}
