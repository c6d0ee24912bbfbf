import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The workers' process guards in a real child process (the supervisor restarts what exits).
describe('workers process guards', () => {
  it('an unhandled rejection is logged and ends the process with a non-zero code', () => {
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, 'fixtures/unhandled-rejection.ts')],
      { encoding: 'utf8', timeout: 20_000 },
    );
    expect(child.status).toBe(1);
    const lines = child.stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { msg: string; reason: string; level: number });
    expect(lines).toEqual([
      expect.objectContaining({
        level: 60,
        msg: 'unhandled rejection; exiting',
        reason: expect.stringContaining('lost payout confirmation'),
      }),
    ]);
  });
});
