import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createSecretBox, isSealed, secretBoxOf } from './secret-box.ts';

// The one secret box of the gateway and the workers (TOTP seeds; a lottery's seed and ticket key).
const dirs: string[] = [];
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), 'kabuto-box-'));
  dirs.push(dir);
  return join(dir, 'data');
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('secret box', () => {
  it('seals to v1.<iv>.<tag>.<body>, never the same twice, and opens to the plain text', () => {
    const box = secretBoxOf(randomBytes(32));
    const plain = 'ab'.repeat(32);
    const [a, b] = [box.seal(plain), box.seal(plain)];
    expect([isSealed(a), a.split('.').length, a === b, a.includes(plain)]).toEqual([
      true,
      4,
      false,
      false,
    ]);
    expect([box.open(a), box.open(b)]).toEqual([plain, plain]);
  });

  it('opens only sealed values of its own key: plain text, another key or a changed byte throw', () => {
    const box = secretBoxOf(randomBytes(32));
    const sealed = box.seal('seed');
    expect(() => box.open('ab'.repeat(32))).toThrow('not a sealed secret');
    expect(() => secretBoxOf(randomBytes(32)).open(sealed)).toThrow();
    const [v, iv, tag, body] = sealed.split('.') as [string, string, string, string];
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => box.open([v, iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
  });

  it('on the data dir: makes secret.key once (0600), and every box on that dir opens the others', () => {
    const dataDir = scratch();
    const gateway = createSecretBox(dataDir, undefined);
    const file = join(dataDir, 'secret.key');
    const key = readFileSync(file, 'utf8');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const workers = createSecretBox(dataDir, undefined);
    expect(readFileSync(file, 'utf8')).toBe(key);
    expect(workers.open(gateway.seal('seed'))).toBe('seed');
    const stranger = createSecretBox(scratch(), undefined);
    expect(() => stranger.open(gateway.seal('seed'))).toThrow();
  });

  it('takes KABUTO_SECRET_KEY over the data dir, and refuses one that is not 32 bytes', () => {
    const key = randomBytes(32).toString('base64');
    const fromEnv = createSecretBox(scratch(), key);
    expect(secretBoxOf(Buffer.from(key, 'base64')).open(fromEnv.seal('seed'))).toBe('seed');
    expect(() => createSecretBox(scratch(), randomBytes(16).toString('base64'))).toThrow(
      'KABUTO_SECRET_KEY must be 32 bytes',
    );
  });
});
