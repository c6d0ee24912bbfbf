import { Refusal } from '@kabuto/schema/contracts';
import { isUniqueViolation, writeTransaction } from '@kabuto/schema/db';
import { isKatakanaName, normaliseKanaName } from '@kabuto/schema/funds';
import type { GatewayDeps } from '../../infra/deps.ts';
import { spendUploadAttempt } from '../uploads/public.ts';
import { cleanImages, storeImage } from '../uploads/public.ts';
import { insertUpload } from '../uploads/public.ts';
import { kycOf } from './kyc.repository.ts';

export interface KycSubmission {
  readonly name_kanji: string;
  readonly name_kana: string;
  readonly id_number: string;
  readonly document_type: string;
  readonly consent?: string | undefined;
}

function refuseWhileOpen(state: string): void {
  if (state === 'verified') throw new Refusal('already_verified');
  if (state === 'pending') throw new Refusal('kyc_pending');
}

/**
 * `user/verify`: checks consent, both photos and the katakana name, spends an upload attempt
 * (limited per user and per IP), runs both photos through the upload pipeline (both headers checked
 * before either is decoded), then stores the submission and its uploads in one transaction. One
 * open submission at a time (a partial unique index backs the check against a race).
 */
export async function submitKyc(
  deps: GatewayDeps,
  userId: number,
  input: KycSubmission,
  files: Readonly<Record<string, Buffer>>,
  ip: string,
): Promise<{ submission_id: string }> {
  refuseWhileOpen((await kycOf(deps.db, userId)).state);
  if (input.consent !== '1') throw new Refusal('privacy_consent_required');
  if (!files['front'] || !files['back']) throw new Refusal('id_photos_required');
  if (!isKatakanaName(input.name_kana)) {
    throw new Refusal('invalid_param', { fields: { name_kana: 'katakana' } });
  }
  await spendUploadAttempt(deps, userId, ip);
  const { front, back } = await cleanImages({ front: files['front'], back: files['back'] });
  const stored = [
    await storeImage(deps.config.dataDir, front),
    await storeImage(deps.config.dataDir, back),
  ] as const;
  const nowMs = deps.clock.nowMs();
  try {
    return await writeTransaction(deps.db, async (trx) => {
      refuseWhileOpen((await kycOf(trx, userId)).state);
      const frontId = await insertUpload(trx, {
        userId,
        purpose: 'kyc_front',
        storedName: stored[0].storedName,
        image: front,
        nowMs,
      });
      const backId = await insertUpload(trx, {
        userId,
        purpose: 'kyc_back',
        storedName: stored[1].storedName,
        image: back,
        nowMs,
      });
      const row = await trx
        .insertInto('kyc_submission')
        .values({
          user_id: BigInt(userId),
          name_kanji: input.name_kanji.normalize('NFKC'),
          name_kana: normaliseKanaName(input.name_kana),
          id_number: input.id_number,
          document_type: input.document_type,
          front_upload_id: frontId,
          back_upload_id: backId,
          consent_at: nowMs,
          status: 'pending',
          reason: null,
          reviewed_by: null,
          reviewed_at: null,
          created_at: nowMs,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { submission_id: String(row.id) };
    });
  } catch (error) {
    await Promise.all(stored.map((s) => s.discard()));
    if (isUniqueViolation(error)) throw new Refusal('kyc_pending'); // a parallel submission won the race
    throw error;
  }
}
