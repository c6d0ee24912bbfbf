import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './create-db.ts';
import { MODULE_WIRING } from '../modules/wiring.ts';
import type { ModuleWiring } from '../modules/define-wiring.ts';
import * as createAccounts from './migrations/2026_11_21_090000_create_accounts.ts';
import * as createLedger from './migrations/2026_11_21_090100_create_ledger.ts';
import * as createMarketData from './migrations/2026_11_21_100000_create_market_data.ts';
import * as createTrading from './migrations/2026_11_21_110000_create_trading.ts';
import * as dropOrderPositionLink from './migrations/2026_11_22_090000_drop_order_position_link.ts';
import * as createFunds from './migrations/2026_11_22_100000_create_funds.ts';
import * as sequenceJournalsAfterCommit from './migrations/2026_11_22_110000_sequence_journals_after_commit.ts';
import * as journalMemoParams from './migrations/2026_11_22_120000_journal_memo_params.ts';
import * as withdrawalPayouts from './migrations/2026_11_22_130000_withdrawal_payouts.ts';
import * as withdrawalOnePending from './migrations/2026_11_23_090000_withdrawal_one_pending.ts';
import * as accountEventOutbox from './migrations/2026_11_23_100000_account_event_outbox.ts';
import * as withdrawalExplicitStatus from './migrations/2026_11_23_110000_withdrawal_explicit_status.ts';
import * as withdrawalClaimLease from './migrations/2026_11_23_120000_withdrawal_claim_lease.ts';

/** The kernel's migrations; names are their file names (frozen in time). */
const KERNEL_MIGRATIONS: Record<string, Migration> = {
  '2026_11_21_090000_create_accounts': createAccounts,
  '2026_11_21_090100_create_ledger': createLedger,
  '2026_11_21_100000_create_market_data': createMarketData,
  '2026_11_21_110000_create_trading': createTrading,
  '2026_11_22_090000_drop_order_position_link': dropOrderPositionLink,
  '2026_11_22_100000_create_funds': createFunds,
  '2026_11_22_110000_sequence_journals_after_commit': sequenceJournalsAfterCommit,
  '2026_11_22_120000_journal_memo_params': journalMemoParams,
  '2026_11_22_130000_withdrawal_payouts': withdrawalPayouts,
  '2026_11_23_090000_withdrawal_one_pending': withdrawalOnePending,
  '2026_11_23_100000_account_event_outbox': accountEventOutbox,
  '2026_11_23_110000_withdrawal_explicit_status': withdrawalExplicitStatus,
  '2026_11_23_120000_withdrawal_claim_lease': withdrawalClaimLease,
};

/**
 * Every migration: the kernel's and each module's (`migrations` in its wiring). Kysely runs them in
 * the order of their names (timestamps), so a module's migrations interleave with the kernel's by
 * date, exactly as before they moved into the module.
 */
const MIGRATIONS: Record<string, Migration> = Object.assign(
  { ...KERNEL_MIGRATIONS },
  ...(MODULE_WIRING as readonly ModuleWiring[]).map((wiring) => wiring.migrations ?? {}),
);

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
