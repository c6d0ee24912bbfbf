import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './private-files.ts';

/**
 * Encrypts secrets at rest (ASVS 13.3.1) with AES-256-GCM: TOTP seeds, and a lottery's seed and
 * ticket key until its draw (DESIGN.md §8). The gateway and the workers open the same key: from
 * KABUTO_SECRET_KEY (base64, 32 bytes; each process's config reads it) or, on the embedded
 * default, from DATA_DIR/secret.key, created once with mode 0600. Stored form:
 * `v1.<iv>.<tag>.<ciphertext>`, each base64url; `open` refuses anything else.
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

/** What every sealed value starts with (its format version). */
export const SEALED_PREFIX = 'v1.';

/** Whether a stored value is in the sealed form (not whether it opens under this key). */
export const isSealed = (value: string): boolean => value.startsWith(SEALED_PREFIX);

/** A key from its base64 text: exactly 32 bytes. */
function keyOf(base64: string, where: string): Buffer {
  const key = Buffer.from(base64.trim(), 'base64');
  if (key.length !== 32) throw new Error(`${where} must be 32 bytes, base64`);
  return key;
}

/**
 * DATA_DIR/secret.key, made once: written whole to a file of its own, then linked into place (a
 * link never replaces a file), so the gateway and the workers starting together on a new data
 * dir both end up reading the one key that won.
 */
function keyFileOf(dataDir: string): Buffer {
  const file = join(dataDir, 'secret.key');
  try {
    return keyOf(readFileSync(file, 'utf8'), file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const draft = join(dataDir, `.secret.key.${process.pid}.${randomBytes(4).toString('hex')}`);
  writeFileSync(draft, randomBytes(32).toString('base64'), { mode: PRIVATE_FILE_MODE, flag: 'wx' });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(draft, { force: true });
  }
  return keyOf(readFileSync(file, 'utf8'), file);
}

/** A box on this 32-byte key. */
export function secretBoxOf(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('a secret box takes a 32-byte key');
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [
        'v1',
        iv.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        body.toString('base64url'),
      ].join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || !body) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}

/**
 * The process's box: on `secretKey` (KABUTO_SECRET_KEY, as the process's config read it) when
 * set, else on DATA_DIR/secret.key (created on first use).
 */
export function createSecretBox(dataDir: string, secretKey: string | undefined): SecretBox {
  return secretBoxOf(secretKey ? keyOf(secretKey, 'KABUTO_SECRET_KEY') : keyFileOf(dataDir));
}
