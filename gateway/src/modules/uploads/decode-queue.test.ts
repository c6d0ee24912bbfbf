import { describe, expect, it } from 'vitest';
import { Refusal } from '@kabuto/schema/contracts';
import { createDecodeQueue } from './decode-queue.ts';

describe('the decode queue', () => {
  it('runs at most `concurrency` decodes at once, queues up to its limit and refuses beyond with too_frequent', async () => {
    const queue = createDecodeQueue(2, 1);
    let running = 0;
    let peak = 0;
    const releases: Array<() => void> = [];
    const decode = () =>
      queue.run(async () => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise<void>((release) => releases.push(release));
        running -= 1;
        return 'decoded';
      });
    const accepted = [decode(), decode(), decode()];
    const refused = await decode().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Refusal);
    expect((refused as Refusal).msg).toBe('too_frequent');
    expect(queue.stats()).toEqual({ running: 2, waiting: 1, started: 2 });
    releases.shift()?.(); // one finishes: the waiting decode starts
    await new Promise((r) => setImmediate(r));
    expect(queue.stats()).toEqual({ running: 2, waiting: 0, started: 3 });
    releases.splice(0).forEach((release) => release());
    expect(await Promise.all(accepted)).toEqual(['decoded', 'decoded', 'decoded']);
    expect(peak).toBe(2);
    expect(queue.stats()).toEqual({ running: 0, waiting: 0, started: 3 });
  });
});
