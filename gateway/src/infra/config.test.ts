import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it("serves the client's build from the repository's client/dist, wherever config.ts lives", () => {
    const { clientDistDir } = loadConfig({});
    expect(clientDistDir.endsWith(join('client', 'dist'))).toBe(true);
    // The folder above it is the client package (dist itself exists only after a build).
    const manifest = join(clientDistDir, '..', 'package.json');
    expect(existsSync(manifest)).toBe(true);
    expect(JSON.parse(readFileSync(manifest, 'utf8')).name).toBe('@kabuto/client');
  });
});
