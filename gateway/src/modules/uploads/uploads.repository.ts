import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '@kabuto/schema/db';
import type { CleanImage } from './upload-pipeline.ts';
import { uploadsDir } from './upload-pipeline.ts';

export type UploadPurpose = 'kyc_front' | 'kyc_back' | 'deposit_proof';

export async function insertUpload(
  trx: Db,
  values: {
    userId: number;
    purpose: UploadPurpose;
    storedName: string;
    image: CleanImage;
    nowMs: number;
  },
): Promise<bigint> {
  const row = await trx
    .insertInto('upload')
    .values({
      user_id: BigInt(values.userId),
      purpose: values.purpose,
      stored_name: values.storedName,
      mime: values.image.mime,
      bytes: BigInt(values.image.bytes.length),
      width: BigInt(values.image.width),
      height: BigInt(values.image.height),
      sha256: values.image.sha256,
      created_at: values.nowMs,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The bytes of an upload, for its owner (userId) or for any reviewer (userId null); else undefined. */
export async function readUpload(
  db: Db,
  dataDir: string,
  uploadId: number,
  userId: number | null,
): Promise<{ mime: string; bytes: Buffer } | undefined> {
  let query = db
    .selectFrom('upload')
    .select(['stored_name', 'mime'])
    .where('id', '=', BigInt(uploadId));
  if (userId !== null) query = query.where('user_id', '=', BigInt(userId));
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  return { mime: row.mime, bytes: await readFile(join(uploadsDir(dataDir), row.stored_name)) };
}
