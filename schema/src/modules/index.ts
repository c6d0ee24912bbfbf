import { authModule } from './auth/module.ts';
import { kycModule } from './kyc/module.ts';
import { ledgerModule } from './ledger/module.ts';
import { fundsModule } from './funds/module.ts';
import { tradingModule } from './trading/module.ts';
import { quotesModule } from './quotes/module.ts';
import { ipoModule } from './ipo/module.ts';
import { loansModule } from './loans/module.ts';
import { intradayModule } from './intraday/module.ts';
import { creditModule } from './credit/module.ts';
import { announcementsModule } from './announcements/module.ts';
import { blockModule } from './block/module.ts';
import { productsModule } from './products/module.ts';
import { backofficeModule } from './backoffice/module.ts';
import { newsModule } from './news/module.ts';
import { alertsModule } from './alerts/module.ts';

/**
 * Every module's manifest, kernel first: the one list the central lists are derived from (msg
 * keys, inbox kinds, journal kinds, statement groups, hold lifecycles, queues, events, tables).
 * A new module adds its folder and one line here (and one in `wiring.ts` if it has calls or
 * tables). The order is the order of the derived lists.
 */
export const MODULES = [
  authModule,
  kycModule,
  ledgerModule,
  fundsModule,
  tradingModule,
  quotesModule,
  ipoModule,
  loansModule,
  intradayModule,
  creditModule,
  announcementsModule,
  blockModule,
  productsModule,
  backofficeModule,
  newsModule,
  alertsModule,
] as const;

export type Modules = typeof MODULES;
export type ModuleName = Modules[number]['name'];
