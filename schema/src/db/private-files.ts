import {
  chmodSync,
  closeSync,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  realpathSync,
} from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join, parse, resolve } from 'node:path';

/** DATA_DIR and every directory in it: the service account only. */
export const PRIVATE_DIR_MODE = 0o700;
/** Every file in DATA_DIR (the database and its -wal/-shm, uploads, keys, outboxes). */
export const PRIVATE_FILE_MODE = 0o600;

function tighten(path: string, mode: number, current: number): void {
  if ((current & 0o777) !== mode) chmodSync(path, mode);
}

function tightenTree(dir: string): void {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    const info = lstatSync(path);
    if (info.isSymbolicLink()) continue;
    if (info.isDirectory()) {
      tighten(path, PRIVATE_DIR_MODE, info.mode);
      tightenTree(path);
    } else if (info.isFile()) {
      tighten(path, PRIVATE_FILE_MODE, info.mode);
    }
  }
}

/** Where a path really is (symlinks followed), or where it will be when it does not exist yet. */
function realDir(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

/**
 * Creates the data directory 0700, or on an existing install tightens it: the directory and every
 * directory under it to 0700, every file to 0600 (ID numbers, password hashes and photos live
 * here). Refuses a directory that is not the app's own (/, the home or the temp directory).
 */
export function securePrivateDir(dataDir: string): void {
  // Compared where they really are: a DATA_DIR that is a symlink to the home directory is the home.
  const dir = realDir(dataDir);
  if ([parse(dir).root, homedir(), tmpdir()].map(realDir).includes(dir)) {
    throw new Error(`DATA_DIR ${dir} must be a directory of its own (its files are made private)`);
  }
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  tighten(dir, PRIVATE_DIR_MODE, lstatSync(dir).mode);
  tightenTree(dir);
}

/** The SQLite file and the -wal/-shm files SQLite keeps beside it. */
export function sqliteFiles(file: string): string[] {
  return [file, `${file}-wal`, `${file}-shm`];
}

/**
 * Before SQLite opens `file`: its directory exists (made 0700 when new) and the file exists 0600
 * (SQLite gives a -wal/-shm the mode of its database); any -wal/-shm already there becomes 0600.
 */
export function prepareSqliteFile(file: string): void {
  mkdirSync(dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
  if (!existsSync(file)) closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  tightenSqliteFiles(file);
}

export function tightenSqliteFiles(file: string): void {
  for (const path of sqliteFiles(file)) {
    if (existsSync(path)) tighten(path, PRIVATE_FILE_MODE, lstatSync(path).mode);
  }
}
