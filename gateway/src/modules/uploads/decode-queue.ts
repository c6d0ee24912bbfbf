import { availableParallelism } from 'node:os';
import sharp from 'sharp';
import { Refusal } from '@kabuto/schema/contracts';

// One libvips thread per image and no operation cache: how many images are decoded at once is the
// queue's decision alone, and a decoded photo is not kept in memory after it is stored.
sharp.concurrency(1);
sharp.cache(false);

/** Images decoded at the same time: half the cores, so logins and orders keep the rest. */
export const DECODE_CONCURRENCY = Math.max(1, Math.floor(availableParallelism() / 2));
/** Decodes that may wait; beyond it an upload is refused with too_frequent (nothing decoded). */
export const DECODE_QUEUE_LIMIT = 16;

export interface DecodeQueue {
  run<T>(decode: () => Promise<T>): Promise<T>;
  /** `started`: decodes begun since the process started (a pixel flood refused by its header adds none). */
  stats(): { readonly running: number; readonly waiting: number; readonly started: number };
}

export function createDecodeQueue(concurrency: number, queueLimit: number): DecodeQueue {
  let running = 0;
  let started = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    running -= 1;
    waiting.shift()?.();
  };
  return {
    async run(decode) {
      if (running >= concurrency) {
        if (waiting.length >= queueLimit) throw new Refusal('too_frequent');
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
      running += 1;
      started += 1;
      try {
        return await decode();
      } finally {
        release();
      }
    },
    stats: () => ({ running, waiting: waiting.length, started }),
  };
}

/** The gateway's one queue for upload decodes. */
export const imageDecodes = createDecodeQueue(DECODE_CONCURRENCY, DECODE_QUEUE_LIMIT);
