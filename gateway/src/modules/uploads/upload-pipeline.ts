import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { Refusal } from '@kabuto/schema/contracts';
import { imageDecodes } from './decode-queue.ts';

/** Above this many pixels an image is refused before it is decoded (a pixel flood, RELIABILITY.md 4.1). */
export const UPLOAD_MAX_PIXELS = 40_000_000;
/** One request may have the gateway decode at most this many pixels in all (two 24 MP photos). */
export const REQUEST_PIXEL_BUDGET = 50_000_000;
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

interface InspectedImage {
  readonly field: string;
  readonly input: Buffer;
  readonly pixels: number;
}

/** What can be learnt without decoding: the type from the magic bytes, trailing data, the declared size. */
async function inspectImage(field: string, input: Buffer | undefined): Promise<InspectedImage> {
  if (!input || input.length === 0) throw invalid(field, 'missing');
  const type = await fileTypeFromBuffer(input);
  if (!type || !ACCEPTED.has(type.mime)) throw invalid(field, 'not_an_image');
  if (hasTrailingData(type.mime, input)) throw invalid(field, 'trailing_data');
  const metadata = await sharp(input, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!metadata?.width || !metadata.height) throw invalid(field, 'unreadable');
  const pixels = metadata.width * metadata.height;
  if (pixels > UPLOAD_MAX_PIXELS) throw invalid(field, 'too_many_pixels');
  return { field, input, pixels };
}

async function reencode(image: InspectedImage): Promise<CleanImage> {
  try {
    const { data, info } = await sharp(image.input, {
      limitInputPixels: UPLOAD_MAX_PIXELS,
      failOn: 'error',
    })
      .rotate()
      .resize({
        width: STORED_MAX_EDGE,
        height: STORED_MAX_EDGE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .jpeg({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
    return {
      bytes: data,
      mime: 'image/jpeg',
      width: info.width,
      height: info.height,
      sha256: createHash('sha256').update(data).digest('hex'),
    };
  } catch {
    throw invalid(image.field, 'unreadable');
  }
}

/**
 * The upload pipeline (OWASP File Upload cheat sheet) for one request's files. Every file's header
 * is checked before any is decoded: the content's magic bytes decide the type (JPEG, PNG or WebP;
 * never the name or Content-Type), trailing payloads and pixel floods are refused, and the request's
 * declared pixels must fit REQUEST_PIXEL_BUDGET. Only then is each image decoded, one after another
 * through the gateway's bounded decode queue, and re-encoded as JPEG with EXIF orientation applied
 * and every metadata block (GPS, camera, comments) dropped, scaled down to STORED_MAX_EDGE. Only the
 * re-encoded bytes are ever stored.
 */
export async function cleanImages<F extends string>(
  files: Readonly<Record<F, Buffer | undefined>>,
): Promise<Record<F, CleanImage>> {
  const inspected: InspectedImage[] = [];
  for (const [field, input] of Object.entries<Buffer | undefined>(files)) {
    inspected.push(await inspectImage(field, input));
  }
  let declared = 0;
  for (const image of inspected) {
    declared += image.pixels;
    if (declared > REQUEST_PIXEL_BUDGET) throw invalid(image.field, 'too_many_pixels');
  }
  const cleaned: Partial<Record<string, CleanImage>> = {};
  for (const image of inspected) {
    cleaned[image.field] = await imageDecodes.run(() => reencode(image));
  }
  return cleaned as Record<F, CleanImage>;
}

/** The pipeline for a single file. */
export async function cleanImage(field: string, input: Buffer | undefined): Promise<CleanImage> {
  const cleaned = await cleanImages({ [field]: input });
  return cleaned[field] as CleanImage;
}

/** Where uploads live: under the data directory, never under a static root. */
export function uploadsDir(dataDir: string): string {
  return join(dataDir, 'uploads');
}

/** Writes a cleaned image under a random name, readable by the service account only. */
export async function storeImage(
  dataDir: string,
  image: CleanImage,
): Promise<{ storedName: string; discard: () => Promise<void> }> {
  const dir = uploadsDir(dataDir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const storedName = `${randomUUID()}.jpg`;
  const path = join(dir, storedName);
  await writeFile(path, image.bytes, { mode: 0o600, flag: 'wx' });
  return { storedName, discard: () => rm(path, { force: true }) };
}
