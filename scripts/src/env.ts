import { resolve } from 'node:path';
import { createDb, dbTargetFrom, type Db } from '@kabuto/schema/db';

/** The scripts' one reader of process.env. */
export function scriptEnv() {
  return {
    dataDir: resolve(process.env['DATA_DIR'] ?? './data'),
    databaseUrl: process.env['DATABASE_URL'] || undefined,
    inviteCode: (process.env['KABUTO_SEED_INVITE_CODE'] ?? 'KABUTO').toUpperCase(),
    /** The secret box's key, as the gateway and the workers read it (unset: DATA_DIR/secret.key). */
    secretKey: process.env['KABUTO_SECRET_KEY'] || undefined,
  };
}

export function openDb(): Db {
  const env = scriptEnv();
  return createDb(dbTargetFrom({ databaseUrl: env.databaseUrl, dataDir: env.dataDir }));
}
