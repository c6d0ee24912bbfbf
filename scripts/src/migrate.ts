// The only place migrations run: `npm run migrate` (and `npm start`, once, before any service).
import { migrateToLatest } from '@kabuto/schema/db';
import { openDb } from './env.ts';

const db = openDb();
try {
  const applied = await migrateToLatest(db);
  console.log(applied.length ? `migrated: ${applied.join(', ')}` : 'migrations: up to date');
} finally {
  await db.destroy();
}
