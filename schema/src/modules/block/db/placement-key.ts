import { createHash, timingSafeEqual } from 'node:crypto';

/** A placement key as stored: its SHA-256 in hex (the key itself is never kept). */
export function hashPlacementKey(key: string): string {
  return createHash('sha256').update(key.trim(), 'utf8').digest('hex');
}

/** Whether `key` is the offer's key, compared in constant time over the hashes. */
export function placementKeyMatches(keyHash: string, key: string | undefined): boolean {
  if (key === undefined) return false;
  const given = Buffer.from(hashPlacementKey(key), 'hex');
  const stored = Buffer.from(keyHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
