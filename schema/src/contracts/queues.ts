/** BullMQ queue names (kebab-case) and their payloads. Job ids are deterministic, no ':'. */
export const QUEUE_NAMES = {
  assetRecompute: 'asset-recompute',
  ipoAllotment: 'ipo-allotment',
  intradaySettlement: 'intraday-settlement',
} as const;

export interface QueuePayloads {
  'asset-recompute': { userId: number; reason: string };
  'ipo-allotment': { ipoId: number };
  'intraday-settlement': { sessionDate: string };
}

export function queueName(base: keyof QueuePayloads, prefix: string): string {
  return `${prefix}-${base}`;
}

export function assetRecomputeJobId(userId: number, reason: string): string {
  return `assets-${userId}-${reason}`;
}
