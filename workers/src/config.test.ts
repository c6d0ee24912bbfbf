import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('workers configuration', () => {
  it('refuses KABUTO_MODE=live on the simulator, as the gateway does', () => {
    expect(() => loadConfig({ KABUTO_MODE: 'live' })).toThrow(
      /KABUTO_MODE=live needs a real market-data provider/,
    );
  });

  it('runs in paper mode by default and when asked', () => {
    expect(loadConfig({}).mode).toBe('paper');
    expect(loadConfig({ KABUTO_MODE: 'paper' }).mode).toBe('paper');
  });

  it('names a mode it does not know', () => {
    expect(() => loadConfig({ KABUTO_MODE: 'demo' })).toThrow(/KABUTO_MODE/);
  });

  it('follows a test clock only on a stack the tests start, and never in live mode', () => {
    expect(loadConfig({}).testFixtures).toBe(false);
    expect(loadConfig({ KABUTO_TEST_FIXTURES: '1' }).testFixtures).toBe(true);
    expect(() => loadConfig({ KABUTO_TEST_FIXTURES: '1', KABUTO_MODE: 'live' })).toThrow(
      /KABUTO_TEST_FIXTURES=1 is for a stack started by the tests, never live/,
    );
  });
});
