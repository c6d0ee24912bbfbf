import type { Db } from '@kabuto/schema/db';

export type KycState = 'none' | 'pending' | 'verified' | 'failed';

export interface KycView {
  readonly state: KycState;
  readonly submissionId: number | null;
  readonly nameKanji: string | null;
  readonly nameKana: string | null;
  readonly documentType: string | null;
  readonly reason: string | null;
  readonly frontUploadId: number | null;
  readonly backUploadId: number | null;
}

const STATE_OF: Record<string, KycState> = {
  pending: 'pending',
  approved: 'verified',
  rejected: 'failed',
};

/** The user's real-name state: the latest submission decides (spec section 4: not verified, under review, verified, failed). */
export async function kycOf(db: Db, userId: number): Promise<KycView> {
  const row = await db
    .selectFrom('kyc_submission')
    .select([
      'id',
      'status',
      'name_kanji',
      'name_kana',
      'document_type',
      'reason',
      'front_upload_id',
      'back_upload_id',
    ])
    .where('user_id', '=', BigInt(userId))
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) {
    return {
      state: 'none',
      submissionId: null,
      nameKanji: null,
      nameKana: null,
      documentType: null,
      reason: null,
      frontUploadId: null,
      backUploadId: null,
    };
  }
  return {
    state: STATE_OF[row.status] ?? 'none',
    submissionId: Number(row.id),
    nameKanji: row.name_kanji,
    nameKana: row.name_kana,
    documentType: row.document_type,
    reason: row.reason,
    frontUploadId: Number(row.front_upload_id),
    backUploadId: Number(row.back_upload_id),
  };
}

/** The verified katakana name, or undefined when the user is not verified. */
export async function verifiedKanaName(db: Db, userId: number): Promise<string | undefined> {
  const kyc = await kycOf(db, userId);
  return kyc.state === 'verified' ? (kyc.nameKana ?? undefined) : undefined;
}
