// `npm run reconcile`: checks the ledger invariants on the live database; exits 1 on any breach.
import { reconcile } from '@kabuto/schema/db';
import { openDb } from './env.ts';

const db = openDb();
try {
  const report = await reconcile(db);
  console.log(
    `reconcile: ${report.journals} journals, ${report.accounts} accounts, ${report.breaches.length} breaches`,
  );
  for (const breach of report.breaches) {
    console.log(`  BREACH ${breach.invariant}: ${breach.detail}`);
  }
  process.exitCode = report.breaches.length === 0 ? 0 : 1;
} finally {
  await db.destroy();
}
