import { createHash } from 'node:crypto';
import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './create-db.ts';
import { MODULE_WIRING } from '../modules/wiring.ts';
import type { ModuleWiring } from '../modules/define-wiring.ts';

/**
 * Every migration: each module's (`migrations` in its wiring; names are their file names, frozen
 * in time). Kysely runs them in the order of their names (timestamps), so the modules' migrations
 * interleave by date exactly as when they were one list. A name declared twice is a mistake.
 */
const MIGRATIONS: Record<string, Migration> = {};
for (const wiring of MODULE_WIRING as readonly ModuleWiring[]) {
  for (const [name, migration] of Object.entries(wiring.migrations ?? {})) {
    if (name in MIGRATIONS) throw new Error(`migration ${name} declared twice (${wiring.name})`);
    MIGRATIONS[name] = migration;
  }
}

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** `schema`: the PostgreSQL schema the app lives in, when it is not the default one. */
export function createMigrator(db: Db, schema?: string): Migrator {
  return new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
}

/** Runs every pending migration; throws with the failing migration's error. */
export async function migrateToLatest(db: Db, schema?: string): Promise<string[]> {
  const { error, results } = await createMigrator(db, schema).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * What the migrations are: their names and their code. Two databases migrated under the same
 * fingerprint have the same tables, so tests may copy a migrated one instead of migrating again.
 */
export function migrationsFingerprint(): string {
  const hash = createHash('sha256');
  for (const name of Object.keys(MIGRATIONS).sort()) {
    const migration = MIGRATIONS[name] as Migration;
    hash.update(`${name}\n${migration.up.toString()}\n${migration.down?.toString() ?? ''}\n`);
  }
  return hash.digest('hex').slice(0, 16);
}
