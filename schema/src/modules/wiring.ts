import type { Db } from '../db/create-db.ts';
import type { SecretBox } from '../db/secret-box.ts';
import type { ModuleWiring } from './define-wiring.ts';
import { authWiring } from './auth/wiring.ts';
import { kycWiring } from './kyc/wiring.ts';
import { ledgerWiring } from './ledger/wiring.ts';
import { fundsWiring } from './funds/wiring.ts';
import { tradingWiring } from './trading/wiring.ts';
import { quotesWiring } from './quotes/wiring.ts';
import { ipoWiring } from './ipo/wiring.ts';
import { loansWiring } from './loans/wiring.ts';
import { intradayWiring } from './intraday/wiring.ts';
import { creditWiring } from './credit/wiring.ts';
import { announcementsWiring } from './announcements/wiring.ts';
import { blockWiring } from './block/wiring.ts';
import { productsWiring } from './products/wiring.ts';
import { backofficeWiring } from './backoffice/wiring.ts';
import { newsWiring } from './news/wiring.ts';
import { alertsWiring } from './alerts/wiring.ts';

/**
 * Every module's wiring (calls, admin calls, migrations, reconcile), in `MODULES` order: the call
 * map, the migrator and reconcile are derived from it. A module with calls or tables adds one line
 * here beside its line in `index.ts`.
 */
export const MODULE_WIRING = [
  authWiring,
  kycWiring,
  ledgerWiring,
  fundsWiring,
  tradingWiring,
  quotesWiring,
  ipoWiring,
  loansWiring,
  intradayWiring,
  creditWiring,
  announcementsWiring,
  blockWiring,
  productsWiring,
  backofficeWiring,
  newsWiring,
  alertsWiring,
] as const satisfies readonly ModuleWiring[];

export type ModuleWirings = typeof MODULE_WIRING;

/** Each module's calls (or admin calls) merged: a path declared twice is a mistake. */
export function wiredCalls(key: 'calls' | 'adminCalls'): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  for (const wiring of MODULE_WIRING as readonly ModuleWiring[]) {
    for (const [path, contract] of Object.entries(wiring[key] ?? {})) {
      if (path in merged) throw new Error(`${key} ${path} declared twice (${wiring.name})`);
      merged[path] = contract;
    }
  }
  return merged;
}

/** Every module's demo content (`seedDemo`), in `MODULES` order; each adds only what is missing. */
export async function seedModuleDemos(db: Db, nowMs: number, box: SecretBox): Promise<void> {
  for (const wiring of MODULE_WIRING as readonly ModuleWiring[]) {
    await wiring.seedDemo?.(db, nowMs, box);
  }
}

/**
 * Every module's `sealAtRest`: what older rows still hold plain of the secrets sealed at rest,
 * sealed once (the gateway and the workers at start). Answers how many rows were sealed.
 */
export async function sealModuleSecretsAtRest(db: Db, box: SecretBox): Promise<number> {
  let sealed = 0;
  for (const wiring of MODULE_WIRING as readonly ModuleWiring[]) {
    sealed += (await wiring.sealAtRest?.(db, box)) ?? 0;
  }
  return sealed;
}
