import { randomBytes } from 'node:crypto';
import {
  LOCAL_BEACON_LABEL,
  type BeaconValue,
  type RandomnessBeacon,
} from '@kabuto/schema/contracts';

/**
 * Paper mode's beacon: 32 random bytes drawn when asked (at the close), published with the draw
 * and labelled "not independent" — the operator could have chosen it. The draw job must store the
 * value before drawing, so a rerun uses the same one.
 */
export function createLocalBeacon(
  random: (bytes: number) => Uint8Array = randomBytes,
): RandomnessBeacon {
  return {
    kind: 'local',
    after(): Promise<BeaconValue> {
      const value = Buffer.from(random(32)).toString('hex');
      return Promise.resolve({
        kind: 'local',
        round: null,
        value,
        signature: null,
        label: LOCAL_BEACON_LABEL,
      });
    },
  };
}
