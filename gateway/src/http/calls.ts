import type { CallDefinition } from './call.ts';
import { configCall, sendCodeCall } from '../modules/common/common.calls.ts';
import { loginCall, logoutCall, registerCall, revokeSessionCall, sessionsCall } from '../modules/auth/auth.calls.ts';
import { assetsCall, paperFundCall, userInfoCall } from '../modules/user/user.calls.ts';
import { candlesCall, detailCall, hotCall, indicesCall, marketListCall, rankingsCall, searchCall } from '../modules/quotes/quotes.calls.ts';
import { unwatchCall, watchCall, watchlistCall } from '../modules/quotes/watchlist.calls.ts';
import { cancelOrderCall, closedPositionsCall, closePositionCall, openPositionsCall, pendingOrdersCall, placeOrderCall, previewOrderCall } from '../modules/trading/trading.calls.ts';
import { changeFundPasswordCall, changePasswordCall, setFundPasswordCall } from '../modules/user/passwords.calls.ts';

/** Every call under /api/vue/. Each module adds its calls here. */
export const CALLS: readonly CallDefinition[] = [
  configCall,
  sendCodeCall,
  registerCall,
  loginCall,
  logoutCall,
  sessionsCall,
  revokeSessionCall,
  userInfoCall,
  assetsCall,
  paperFundCall,
  changePasswordCall,
  setFundPasswordCall,
  changeFundPasswordCall,
  searchCall,
  detailCall,
  candlesCall,
  rankingsCall,
  indicesCall,
  marketListCall,
  hotCall,
  watchlistCall,
  watchCall,
  unwatchCall,
  placeOrderCall,
  closePositionCall,
  cancelOrderCall,
  openPositionsCall,
  closedPositionsCall,
  previewOrderCall,
  pendingOrdersCall,
];
