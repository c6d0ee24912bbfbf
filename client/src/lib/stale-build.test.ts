import { describe, expect, it } from 'vitest';
import { isStaleChunkError, reloadForStaleBuild } from './stale-build.ts';

function memoryStore() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe('stale build', () => {
  it('knows a missing screen chunk in Chromium, Safari and Firefox words, and nothing else', () => {
    expect(
      isStaleChunkError(
        new TypeError('Failed to fetch dynamically imported module: http://x/assets/a-1.js'),
      ),
    ).toBe(true);
    expect(isStaleChunkError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isStaleChunkError(new Error('error loading dynamically imported module'))).toBe(true);
    expect(isStaleChunkError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isStaleChunkError(undefined)).toBe(false);
  });

  it('reloads once, not again within a minute (a chunk missing after a reload is an outage), then again later', () => {
    const store = memoryStore();
    let reloads = 0;
    const reload = () => void reloads++;
    expect(reloadForStaleBuild(1_000_000, store, reload)).toBe(true);
    expect(reloadForStaleBuild(1_030_000, store, reload)).toBe(false);
    expect(reloads).toBe(1);
    expect(reloadForStaleBuild(1_060_000, store, reload)).toBe(true);
    expect(reloads).toBe(2);
  });
});
