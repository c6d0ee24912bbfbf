import { z } from 'zod';

/**
 * The public random value of DESIGN.md §8 step 3, first published after the list closed. `value`
 * enters the draw seed as written (lowercase hex). For drand quicknet, `round` and `signature`
 * let anyone re-verify it against the chain's public key (`verifyQuicknet` in domain/ipo).
 */
export const beaconValueSchema = z.object({
  kind: z.enum(['local', 'drand-quicknet']),
  round: z.number().int().positive().nullable(),
  value: z.string().regex(/^[0-9a-f]{64}$/),
  signature: z
    .string()
    .regex(/^[0-9a-f]{96}$/)
    .nullable(),
  /** Shown beside the value: who produced it and how independent it is. */
  label: z.string(),
});
export type BeaconValue = z.infer<typeof beaconValueSchema>;

/** `local` in paper mode (not independent of the operator), `drand` in live mode. */
export type BeaconKind = 'local' | 'drand';

export interface RandomnessBeacon {
  readonly kind: BeaconKind;
  /**
   * The beacon for a list closed at `closeMs` (epoch ms): a value first published after it. May
   * wait until it is published; rejects (a transient failure: retry the job) when it cannot get
   * a verified value in time.
   */
  after(closeMs: number): Promise<BeaconValue>;
}

export const LOCAL_BEACON_LABEL = 'local: drawn by Kabuto at the close, not independent';
export const DRAND_BEACON_LABEL = 'drand quicknet (League of Entropy), signature verified';
