import { hash, verify } from '@node-rs/argon2';

/** Argon2id at the OWASP minimum (m = 19 MiB, t = 2, p = 1; RELIABILITY.md 4.2). */
const OPTIONS = { memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, OPTIONS);
}

export async function verifyPassword(stored: string, plain: string): Promise<boolean> {
  try {
    return await verify(stored, plain);
  } catch {
    return false;
  }
}

/** Hashed once at start: verifying against it when no user exists keeps timing the same. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('no-such-user-password');
  return dummyHash;
}
