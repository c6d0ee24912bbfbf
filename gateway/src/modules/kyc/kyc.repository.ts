import { containsText, type Db } from '@kabuto/schema/db';
import type { HoldStatus } from '@kabuto/schema/domain';

type KycStatus = HoldStatus<'kyc_submission'>;

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

/** A real-name submission as the back office reviews it. */
export interface KycSubmissionForReview {
  readonly id: bigint;
  readonly userId: bigint;
  readonly account: string;
  readonly nameKanji: string;
  readonly nameKana: string;
  readonly idNumber: string;
  readonly documentType: string;
  readonly frontUploadId: bigint;
  readonly backUploadId: bigint;
  readonly status: string;
  readonly reason: string | null;
  readonly createdAtMs: number;
}

/** The first 200 submissions in the given statuses (every status when null), oldest first. */
export async function kycSubmissionsForReview(
  db: Db,
  statuses: readonly string[] | null,
): Promise<KycSubmissionForReview[]> {
  let query = db
    .selectFrom('kyc_submission as k')
    .innerJoin('app_user as u', 'u.id', 'k.user_id')
    .select([
      'k.id',
      'k.user_id',
      'u.account',
      'k.name_kanji',
      'k.name_kana',
      'k.id_number',
      'k.document_type',
      'k.front_upload_id',
      'k.back_upload_id',
      'k.status',
      'k.reason',
      'k.created_at',
    ]);
  // A filter from the wire: a status no submission has matches nothing.
  if (statuses) query = query.where('k.status', 'in', statuses as readonly KycStatus[]);
  const rows = await query.orderBy('k.id').limit(200).execute();
  return rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    account: r.account,
    nameKanji: r.name_kanji,
    nameKana: r.name_kana,
    idNumber: r.id_number,
    documentType: r.document_type,
    frontUploadId: r.front_upload_id,
    backUploadId: r.back_upload_id,
    status: r.status,
    reason: r.reason,
    createdAtMs: Number(r.created_at),
  }));
}

/** Users whose latest submitted name (kanji or kana) contains `text`: the back office's search. */
export async function usersNamed(db: Db, text: string): Promise<number[]> {
  const like = containsText(text);
  const rows = await db
    .selectFrom('kyc_submission')
    .select('user_id')
    .distinct()
    .where((eb) => eb.or([eb('name_kanji', 'like', like), eb('name_kana', 'like', like)]))
    .limit(50)
    .execute();
  return rows.map((row) => Number(row.user_id));
}
