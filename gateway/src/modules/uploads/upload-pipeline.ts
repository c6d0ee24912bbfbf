import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { Refusal } from '@kabuto/schema/contracts';

/** Above this many pixels an image is refused before it is decoded (a pixel flood, RELIABILITY.md 4.1). */
export const UPLOAD_MAX_PIXELS = 40_000_000;
/** Stored photos are at most this many pixels on the long side: legible for review, small to keep. */
export const STORED_MAX_EDGE = 2560;
const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/webp']);
const PNG_IEND = Buffer.from([0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);

export interface CleanImage {
  readonly bytes: Buffer;
  readonly mime: 'image/jpeg';
  readonly width: number;
  readonly height: number;
  readonly sha256: string;
}

/** A PNG ends at its IEND chunk; anything after it is a payload riding along (a polyglot). */
function hasTrailingData(mime: string, bytes: Buffer): boolean {
  if (mime !== 'image/png') return false;
  const end = bytes.lastIndexOf(PNG_IEND);
  return end < 0 || end + PNG_IEND.length !== bytes.length;
}

function invalid(field: string, reason: string): Refusal {
  return new Refusal('upload_invalid', { fields: { [field]: reason } });
}

/**
 * The upload pipeline (OWASP File Upload cheat sheet): the content's magic bytes decide the type
 * (JPEG, PNG or WebP; never the name or Content-Type), trailing payloads and pixel floods are
 * refused, and the image is decoded and re-encoded as JPEG with EXIF orientation applied and every
 * metadata block (GPS, camera, comments) dropped, scaled down to STORED_MAX_EDGE. Only the
 * re-encoded bytes are ever stored.
 */
export async function cleanImage(field: string, input: Buffer | undefined): Promise<CleanImage> {
  if (!input || input.length === 0) throw invalid(field, 'missing');
  const type = await fileTypeFromBuffer(input);
  if (!type || !ACCEPTED.has(type.mime)) throw invalid(field, 'not_an_image');
  if (hasTrailingData(type.mime, input)) throw invalid(field, 'trailing_data');
  const metadata = await sharp(input, { limitInputPixels: false }).metadata().catch(() => null);
  if (!metadata?.width || !metadata.height) throw invalid(field, 'unreadable');
  if (metadata.width * metadata.height > UPLOAD_MAX_PIXELS) throw invalid(field, 'too_many_pixels');
  try {
    const { data, info } = await sharp(input, { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: STORED_MAX_EDGE, height: STORED_MAX_EDGE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, mime: 'image/jpeg', width: info.width, height: info.height, sha256: createHash('sha256').update(data).digest('hex') };
  } catch {
    throw invalid(field, 'unreadable');
  }
}

/** Where uploads live: under the data directory, never under a static root. */
export function uploadsDir(dataDir: string): string {
  return join(dataDir, 'uploads');
}

/** Writes a cleaned image under a random name, readable by the service account only. */
export async function storeImage(dataDir: string, image: CleanImage): Promise<{ storedName: string; discard: () => Promise<void> }> {
  const dir = uploadsDir(dataDir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const storedName = `${randomUUID()}.jpg`;
  const path = join(dir, storedName);
  await writeFile(path, image.bytes, { mode: 0o600, flag: 'wx' });
  return { storedName, discard: () => rm(path, { force: true }) };
}
