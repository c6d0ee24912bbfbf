import type { GatewayModule } from '../http/gateway-module.ts';
import { adminGateway } from './admin/index.ts';
import { commonGateway } from './common/index.ts';
import { authGateway } from './auth/index.ts';
import { userGateway } from './user/index.ts';
import { quotesGateway } from './quotes/index.ts';
import { tradingGateway } from './trading/index.ts';
import { kycGateway } from './kyc/index.ts';
import { uploadsGateway } from './uploads/index.ts';
import { bankGateway } from './bank/index.ts';
import { fundsGateway } from './funds/index.ts';
import { securityGateway } from './security/index.ts';
import { inboxGateway } from './inbox/index.ts';
import { ipoGateway } from './ipo/index.ts';
import { loansGateway } from './loans/index.ts';
import { intradayGateway } from './intraday/index.ts';
import { creditGateway } from './credit/index.ts';
import { announcementsGateway } from './announcements/index.ts';
import { blockGateway } from './block/index.ts';
import { productsGateway } from './products/index.ts';
import { newsGateway } from './news/index.ts';
import { alertsGateway } from './alerts/index.ts';
import { ledgerGateway } from './ledger/index.ts';

/**
 * Every gateway module, in the order their calls are listed: the one list the gateway's root
 * registers (`CALLS`, `ADMIN_CALLS`). A new module adds its folder and one line here.
 */
export const GATEWAY_MODULES: readonly GatewayModule[] = [
  adminGateway,
  commonGateway,
  authGateway,
  userGateway,
  quotesGateway,
  tradingGateway,
  kycGateway,
  uploadsGateway,
  bankGateway,
  fundsGateway,
  securityGateway,
  inboxGateway,
  ipoGateway,
  loansGateway,
  intradayGateway,
  creditGateway,
  announcementsGateway,
  blockGateway,
  productsGateway,
  newsGateway,
  alertsGateway,
  ledgerGateway,
];
