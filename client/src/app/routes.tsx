import { lazy, type ReactElement } from 'react';
import { LoginStart } from '../features/auth/login-start.tsx';
import { Logon } from '../features/auth/logon.tsx';
import { Register } from '../features/auth/register.tsx';
import { Login } from '../features/auth/login.tsx';
import { LoginAfter } from '../features/auth/login-after.tsx';
import { MineIndex } from '../features/mine/mine-index.tsx';
import { LanguageScreen } from '../features/mine/language.tsx';
import { FundPassword, LoginPassword } from '../features/mine/password-forms.tsx';
import { About, Privacy, Protocol } from '../features/mine/static-pages.tsx';
import { PlaceholderScreen } from '../features/placeholder-screen.tsx';
import { loadFeatureStrings } from '../lib/i18n.ts';

// Quote screens load on demand: d3 and the charts stay out of the first route's bundle.
const HomeScreen = lazy(() => import('../features/quotes/home-screen.tsx').then((m) => ({ default: m.HomeScreen })));
const MarketScreen = lazy(() => import('../features/quotes/market-screen.tsx').then((m) => ({ default: m.MarketScreen })));
const SearchScreen = lazy(() => import('../features/quotes/search-screen.tsx').then((m) => ({ default: m.SearchScreen })));
const WatchlistScreen = lazy(() => import('../features/quotes/watchlist-screen.tsx').then((m) => ({ default: m.WatchlistScreen })));
const PositionsScreen = lazy(() => import('../features/trading/positions-screen.tsx').then((m) => ({ default: m.PositionsScreen })));
const PositionInfo = lazy(() => import('../features/trading/position-info.tsx').then((m) => ({ default: m.PositionInfo })));
/** Money screens bring their own strings (loaded with the screen, so the first route stays small). */
const fundsScreen = (load: () => Promise<() => ReactElement>) =>
  lazy(async () => {
    const [screen] = await Promise.all([load(), loadFeatureStrings('money')]);
    return { default: screen };
  });
const VerifiedScreen = fundsScreen(() => import('../features/funds/verified-screen.tsx').then((m) => m.VerifiedScreen));
const BankScreen = fundsScreen(() => import('../features/funds/bank-screens.tsx').then((m) => m.BankScreen));
const BankAddScreen = fundsScreen(() => import('../features/funds/bank-screens.tsx').then((m) => m.BankAddScreen));
const StoredScreen = fundsScreen(() => import('../features/funds/deposit-screens.tsx').then((m) => m.StoredScreen));
const DepositScreen = fundsScreen(() => import('../features/funds/deposit-screens.tsx').then((m) => m.DepositScreen));
const WithdrawScreen = fundsScreen(() => import('../features/funds/withdraw-screen.tsx').then((m) => m.WithdrawScreen));
const ExchangeScreen = fundsScreen(() => import('../features/funds/exchange-screen.tsx').then((m) => m.ExchangeScreen));
const RecordsScreen = fundsScreen(() => import('../features/funds/records-screen.tsx').then((m) => m.RecordsScreen));
const InboxScreen = fundsScreen(() => import('../features/funds/inbox-screens.tsx').then((m) => m.InboxScreen));
const MessageInfoScreen = fundsScreen(() => import('../features/funds/inbox-screens.tsx').then((m) => m.MessageInfoScreen));
const SecurityScreen = fundsScreen(() => import('../features/funds/security-screen.tsx').then((m) => m.SecurityScreen));
const FeeTable = lazy(() => import('../features/mine/fee-table.tsx').then((m) => ({ default: m.FeeTable })));
const StockDetail = lazy(() => import('../features/quotes/stock-detail.tsx').then((m) => ({ default: m.StockDetail })));

export interface RouteSpec {
  readonly path: string;
  readonly element: ReactElement;
  /** Shows the bottom menu. */
  readonly menu?: boolean;
  /** Needs a stored session; otherwise the user goes to /login/login. */
  readonly auth?: boolean;
  /** A query parameter the screen cannot work without (a detail's id): without it, not-found. */
  readonly requires?: string;
  /** Route meta of spec section 2; every screen fades. */
  readonly transitionName?: string;
}

const placeholder = (path: string, titleKey: string, extra: Partial<RouteSpec> = {}): RouteSpec => ({
  path, element: <PlaceholderScreen titleKey={titleKey} />, auth: true, ...extra,
});

/** Every route of spec section 2. Screens of later issues show the no-data placeholder. */
export const ROUTES: readonly RouteSpec[] = [
  { path: '/login/start', element: <LoginStart /> },
  { path: '/login/logon', element: <Logon /> },
  { path: '/login/register', element: <Register /> },
  { path: '/login/login', element: <Login /> },
  { path: '/login/loginAfter', element: <LoginAfter />, auth: true },
  placeholder('/news/index', 'menu.news', { menu: true, auth: false }),
  placeholder('/news/info', 'menu.news', { auth: false }),
  { path: '/mine/index', element: <MineIndex />, menu: true, auth: true },
  { path: '/mine/protocol', element: <Protocol /> },
  { path: '/mine/message', element: <InboxScreen />, auth: true },
  { path: '/mine/messageInfo', element: <MessageInfoScreen />, auth: true, requires: 'id' },
  { path: '/mine/loginPassword', element: <LoginPassword />, auth: true },
  { path: '/mine/fundPassword', element: <FundPassword />, auth: true },
  { path: '/mine/bank', element: <BankScreen />, auth: true },
  { path: '/mine/bankAdd', element: <BankAddScreen />, auth: true },
  { path: '/mine/verified', element: <VerifiedScreen />, auth: true },
  { path: '/mine/transactionRecords', element: <RecordsScreen />, menu: true, auth: true },
  { path: '/mine/withdraw', element: <WithdrawScreen />, auth: true },
  { path: '/mine/exchange', element: <ExchangeScreen />, auth: true },
  { path: '/mine/security', element: <SecurityScreen />, auth: true },
  { path: '/mine/stored', element: <StoredScreen />, auth: true },
  { path: '/mine/deposit', element: <DepositScreen />, auth: true },
  { path: '/mine/about', element: <About /> },
  { path: '/mine/privacy', element: <Privacy /> },
  { path: '/mine/fees', element: <FeeTable /> },
  { path: '/mine/language', element: <LanguageScreen /> },
  { path: '/mine/changeLang', element: <LanguageScreen /> },
  placeholder('/mine/loan', 'mine.loan'),
  placeholder('/mine/loanOrder', 'mine.loanOrder'),
  placeholder('/mine/newShareOrder', 'mine.newShareOrder'),
  placeholder('/mine/followOrder', 'mine.followOrder'),
  { path: '/quotes/search', element: <SearchScreen /> },
  { path: '/quotes/info', element: <StockDetail />, requires: 'symbol' },
  { path: '/quotes/self', element: <WatchlistScreen />, auth: true },
  { path: '/position/index', element: <PositionsScreen />, menu: true, auth: true },
  { path: '/position/info', element: <PositionInfo />, auth: true, requires: 'id' },
  { path: '/home/home', element: <HomeScreen />, menu: true },
  { path: '/home/index', element: <MarketScreen />, menu: true },
  placeholder('/home/newShare', 'menu.home'),
  placeholder('/home/newShareInfo', 'menu.home'),
  placeholder('/home/large', 'menu.home'),
  placeholder('/home/large2', 'menu.home'),
  placeholder('/home/large3', 'menu.home'),
  placeholder('/home/largeInfo', 'menu.home'),
  placeholder('/home/follow', 'menu.home'),
  placeholder('/home/withinDays', 'menu.home'),
];
