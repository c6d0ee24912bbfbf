import type { JobModule } from '../job-module.ts';
import { createDrandBeacon } from '../../feeds/beacon/drand-beacon.ts';
import { createLocalBeacon } from '../../feeds/beacon/local-beacon.ts';
import { announceListing } from '../../infra/house-announcements.ts';
import { startIpoAllotment } from './ipo-allotment.processor.ts';

/** The new-share steps: freeze, draw, forfeit, list. */
export const ipoJobs: JobModule = {
  name: 'ipo',
  start: async (context) => {
    const { config, db, redis, redisPrefix, emitter, clock, secrets, named, onClockMove } = context;
    const localBeacon = createLocalBeacon();
    const drandBeacon = createDrandBeacon({ clock });
    const allotment = await startIpoAllotment({
      ...{ db, redis, redisPrefix, emitter, clock, secrets, chunk: config.drawChunk },
      beaconFor: (kind) => (kind === 'drand' ? drandBeacon : localBeacon),
      announceListing: (symbol) => announceListing(redis, redisPrefix, symbol),
      logger: named('ipo-allotment'),
    });
    onClockMove.push(() => void allotment.sweep());
    return () => allotment.stop();
  },
};
