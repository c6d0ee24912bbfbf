import { randomBytes, randomInt } from 'node:crypto';
import type { Db } from '@kabuto/schema/db';

const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A transfer reference the user writes on a bank transfer so the deposit can be matched: KB-XXXXXXXX. */
export function newTransferReference(): string {
  const bytes = randomBytes(8);
  return `KB${[...bytes].map((b) => REFERENCE_ALPHABET[b % REFERENCE_ALPHABET.length]).join('')}`;
}

export function newChannelPassword(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export interface UserSecurity {
  readonly transferReference: string;
  readonly channelPasswordHash: string | null;
  readonly antiPhishingPhrase: string | null;
  readonly totpSecret: string | null;
  readonly totpEnabled: boolean;
  readonly totpLastStep: bigint | null;
}

/** The user's security row, created on first use (with a fresh transfer reference). */
export async function loadUserSecurity(db: Db, userId: number): Promise<UserSecurity> {
  await db
    .insertInto('user_security')
    .values({
      user_id: BigInt(userId),
      transfer_reference: newTransferReference(),
      channel_password_hash: null,
      anti_phishing_phrase: null,
      totp_secret: null,
      totp_enabled_at: null,
      totp_last_step: null,
    })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  const row = await db
    .selectFrom('user_security')
    .selectAll()
    .where('user_id', '=', BigInt(userId))
    .executeTakeFirstOrThrow();
  return {
    transferReference: row.transfer_reference,
    channelPasswordHash: row.channel_password_hash,
    antiPhishingPhrase: row.anti_phishing_phrase,
    totpSecret: row.totp_secret,
    totpEnabled: row.totp_enabled_at !== null,
    totpLastStep: row.totp_last_step,
  };
}

/** Sets the phrase shown on every inbox message (the row is created first if missing). */
export async function setAntiPhishingPhrase(db: Db, userId: number, phrase: string): Promise<void> {
  await loadUserSecurity(db, userId);
  await db
    .updateTable('user_security')
    .set({ anti_phishing_phrase: phrase })
    .where('user_id', '=', BigInt(userId))
    .execute();
}

/** Turns the user's two-factor off (a lost phone, after staff checked who is asking). */
export async function clearUserTotp(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('user_security')
    .set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null })
    .where('user_id', '=', BigInt(userId))
    .execute();
}
