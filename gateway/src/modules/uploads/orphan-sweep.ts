import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '@kabuto/schema/db';
import { uploadsDir } from './upload-pipeline.ts';

/** A file younger than this may belong to a submission whose transaction has not committed yet. */
export const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000;
const CHUNK = 500;

/**
 * Deletes upload files that no `upload` row names and that are older than ORPHAN_MIN_AGE_MS:
 * what a crash between writing the file and committing its row leaves behind (personal ID photos
 * must not linger). Returns the names it removed.
 */
export async function sweepOrphanUploads(
  db: Db,
  dataDir: string,
  nowMs: number,
): Promise<string[]> {
  const dir = uploadsDir(dataDir);
  const names = await readdir(dir).catch(() => [] as string[]);
  if (names.length === 0) return [];
  const known = new Set<string>();
  for (let i = 0; i < names.length; i += CHUNK) {
    const rows = await db
      .selectFrom('upload')
      .select('stored_name')
      .where('stored_name', 'in', names.slice(i, i + CHUNK))
      .execute();
    for (const row of rows) known.add(row.stored_name);
  }
  const removed: string[] = [];
  for (const name of names) {
    if (known.has(name)) continue;
    const info = await stat(join(dir, name)).catch(() => null);
    if (!info?.isFile() || nowMs - info.mtimeMs < ORPHAN_MIN_AGE_MS) continue;
    await rm(join(dir, name), { force: true });
    removed.push(name);
  }
  return removed;
}
