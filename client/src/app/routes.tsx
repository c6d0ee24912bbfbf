import { lazy, type ComponentType, type ReactElement } from 'react';
import { LoginStart } from '../features/auth/login-start.tsx';
import { loadFeatureStrings } from '../lib/i18n.ts';

/**
 * A screen loaded on its first visit. Only the start screen (where `/` lands) is in the first
 * route's bundle: forms, sockets, charts and d3 load with the screens that use them.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each screen keeps its own props
function screen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType<any>) {
  return lazy(async () => ({ default: pick(await load()) }));
}

const Logon = screen(
  () => import('../features/auth/logon.tsx'),
  (m) => m.Logon,
);
const Register = screen(
  () => import('../features/auth/register.tsx'),
  (m) => m.Register,
);
const Login = screen(
  () => import('../features/auth/login.tsx'),
  (m) => m.Login,
);
const ForgotPassword = screen(
  () => import('../features/auth/forgot-password.tsx'),
  (m) => m.ForgotPassword,
);
const FundPasswordReset = screen(
  () => import('../features/mine/password-forms.tsx'),
  (m) => m.FundPasswordReset,
);
const LoginAfter = screen(
  () => import('../features/auth/login-after.tsx'),
  (m) => m.LoginAfter,
);
const NewsListScreen = screen(
  () => import('../features/news/news-screens.tsx'),
  (m) => m.NewsListScreen,
);
const NewsInfoScreen = screen(
  () => import('../features/news/news-screens.tsx'),
  (m) => m.NewsInfoScreen,
);
const MineIndex = screen(
  () => import('../features/mine/mine-index.tsx'),
  (m) => m.MineIndex,
);
const LanguageScreen = screen(
  () => import('../features/mine/language.tsx'),
  (m) => m.LanguageScreen,
);
const LoginPassword = screen(
  () => import('../features/mine/password-forms.tsx'),
  (m) => m.LoginPassword,
);
const FundPassword = screen(
  () => import('../features/mine/password-forms.tsx'),
  (m) => m.FundPassword,
);
const About = screen(
  () => import('../features/mine/static-pages.tsx'),
  (m) => m.About,
);
const Privacy = screen(
  () => import('../features/mine/static-pages.tsx'),
  (m) => m.Privacy,
);
const Protocol = screen(
  () => import('../features/mine/static-pages.tsx'),
  (m) => m.Protocol,
);

// Quote screens load on demand: d3 and the charts stay out of the first route's bundle.
const HomeScreen = lazy(() =>
  import('../features/quotes/home-screen.tsx').then((m) => ({ default: m.HomeScreen })),
);
const MarketScreen = lazy(() =>
  import('../features/quotes/market-screen.tsx').then((m) => ({ default: m.MarketScreen })),
);
const SearchScreen = lazy(() =>
  import('../features/quotes/search-screen.tsx').then((m) => ({ default: m.SearchScreen })),
);
const WatchlistScreen = lazy(() =>
  import('./screens/watchlist.tsx').then((m) => ({ default: m.Watchlist })),
);
const AlertsScreen = lazy(() =>
  import('../features/alerts/alerts-screen.tsx').then((m) => ({ default: m.AlertsScreen })),
);
const PositionsScreen = lazy(() =>
  import('./screens/positions.tsx').then((m) => ({ default: m.Positions })),
);
const PositionInfo = lazy(() =>
  import('./screens/position-info.tsx').then((m) => ({ default: m.PositionInfo })),
);
/** A screen that loads on demand together with its features' strings (the first route stays small). */
const screenWithStrings =
  (...features: Parameters<typeof loadFeatureStrings>[0][]) =>
  (load: () => Promise<() => ReactElement>) =>
    lazy(async () => {
      const [screen] = await Promise.all([load(), ...features.map(loadFeatureStrings)]);
      return { default: screen };
    });
const fundsScreen = screenWithStrings('money');
const VerifiedScreen = fundsScreen(() =>
  import('../features/funds/verified-screen.tsx').then((m) => m.VerifiedScreen),
);
const BankScreen = fundsScreen(() =>
  import('../features/funds/bank-screens.tsx').then((m) => m.BankScreen),
);
const BankAddScreen = fundsScreen(() =>
  import('../features/funds/bank-screens.tsx').then((m) => m.BankAddScreen),
);
const StoredScreen = fundsScreen(() =>
  import('../features/funds/deposit-screens.tsx').then((m) => m.StoredScreen),
);
const DepositScreen = fundsScreen(() =>
  import('../features/funds/deposit-screens.tsx').then((m) => m.DepositScreen),
);
const WithdrawScreen = fundsScreen(() =>
  import('../features/funds/withdraw-screen.tsx').then((m) => m.WithdrawScreen),
);
const ExchangeScreen = fundsScreen(() =>
  import('../features/funds/exchange-screen.tsx').then((m) => m.ExchangeScreen),
);
const RecordsScreen = fundsScreen(() =>
  import('../features/funds/records-screen.tsx').then((m) => m.RecordsScreen),
);
const InboxScreen = fundsScreen(() =>
  import('../features/funds/inbox-screens.tsx').then((m) => m.InboxScreen),
);
const MessageInfoScreen = fundsScreen(() =>
  import('../features/funds/inbox-screens.tsx').then((m) => m.MessageInfoScreen),
);
const SecurityScreen = fundsScreen(() =>
  import('../features/funds/security-screen.tsx').then((m) => m.SecurityScreen),
);
/** Block-trade screens (their texts live in the feature; msg keys come with the module). */
const BlockOpenScreen = lazy(() =>
  import('../features/block/block-screens.tsx').then((m) => ({ default: m.BlockOpenScreen })),
);
const BlockUpcomingScreen = lazy(() =>
  import('../features/block/block-screens.tsx').then((m) => ({ default: m.BlockUpcomingScreen })),
);
const BlockOrdersScreen = lazy(() =>
  import('../features/block/block-screens.tsx').then((m) => ({ default: m.BlockOrdersScreen })),
);
const BlockInfoScreen = lazy(() =>
  import('../features/block/block-screens.tsx').then((m) => ({ default: m.BlockInfoScreen })),
);
/** Copy-trading screens (their texts live in the feature). */
const FollowScreen = lazy(() =>
  import('../features/products/products-screens.tsx').then((m) => ({ default: m.FollowScreen })),
);
const FollowOrdersScreen = lazy(() =>
  import('../features/products/products-screens.tsx').then((m) => ({
    default: m.FollowOrdersScreen,
  })),
);
/**
 * New-share screens bring their own strings (and the statement's, for the link to its New shares
 * chip); the check page (and its worker) loads only when opened.
 */
const ipoScreen = screenWithStrings('ipo', 'money');
const IpoListScreen = ipoScreen(() =>
  import('../features/ipo/ipo-list-screen.tsx').then((m) => m.IpoListScreen),
);
const IpoInfoScreen = ipoScreen(() =>
  import('../features/ipo/ipo-info-screen.tsx').then((m) => m.IpoInfoScreen),
);
const IpoRecordsScreen = ipoScreen(() =>
  import('../features/ipo/ipo-records-screen.tsx').then((m) => m.IpoRecordsScreen),
);
const IpoCheckScreen = ipoScreen(() =>
  import('../features/ipo/check/ipo-check-screen.tsx').then((m) => m.IpoCheckScreen),
);
/** Loan screens bring their own strings and the money strings (messages, the statement link). */
const loanScreen = screenWithStrings('loans', 'money');
const LoanScreen = loanScreen(() =>
  import('../features/loans/loan-screen.tsx').then((m) => m.LoanScreen),
);
const LoanRecordsScreen = loanScreen(() =>
  import('../features/loans/loan-records-screen.tsx').then((m) => m.LoanRecordsScreen),
);
/** Intraday trading brings its own strings (and the statement strings for its journals). */
const IntradayScreen = screenWithStrings('intraday')(() =>
  import('../features/intraday/intraday-screen.tsx').then((m) => m.IntradayScreen),
);
const StockDetail = lazy(() =>
  import('./screens/stock-detail.tsx').then((m) => ({ default: m.StockDetail })),
);
const FeeTable = lazy(() =>
  import('../features/mine/fee-table.tsx').then((m) => ({ default: m.FeeTable })),
);

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

/** Every route of spec section 2. */
export const ROUTES: readonly RouteSpec[] = [
  { path: '/login/start', element: <LoginStart /> },
  { path: '/login/logon', element: <Logon /> },
  { path: '/login/register', element: <Register /> },
  { path: '/login/login', element: <Login /> },
  { path: '/login/forgot', element: <ForgotPassword /> },
  { path: '/login/loginAfter', element: <LoginAfter />, auth: true },
  { path: '/news/index', element: <NewsListScreen />, menu: true },
  { path: '/news/info', element: <NewsInfoScreen />, requires: 'id' },
  { path: '/mine/index', element: <MineIndex />, menu: true, auth: true },
  { path: '/mine/protocol', element: <Protocol /> },
  { path: '/mine/alerts', element: <AlertsScreen />, auth: true },
  { path: '/mine/message', element: <InboxScreen />, auth: true },
  { path: '/mine/messageInfo', element: <MessageInfoScreen />, auth: true, requires: 'id' },
  { path: '/mine/loginPassword', element: <LoginPassword />, auth: true },
  { path: '/mine/fundPassword', element: <FundPassword />, auth: true },
  { path: '/mine/fundPasswordReset', element: <FundPasswordReset />, auth: true },
  { path: '/mine/bank', element: <BankScreen />, auth: true },
  { path: '/mine/bankAdd', element: <BankAddScreen />, auth: true },
  { path: '/mine/verified', element: <VerifiedScreen />, auth: true },
  { path: '/mine/transactionRecords', element: <RecordsScreen />, menu: true, auth: true },
  { path: '/mine/withdraw', element: <WithdrawScreen />, auth: true },
  { path: '/mine/exchange', element: <ExchangeScreen />, auth: true },
  { path: '/mine/security', element: <SecurityScreen />, auth: true },
  { path: '/mine/stored', element: <StoredScreen />, auth: true },
  { path: '/mine/deposit', element: <DepositScreen />, auth: true, requires: 'channel' },
  { path: '/mine/about', element: <About /> },
  { path: '/mine/privacy', element: <Privacy /> },
  { path: '/mine/fees', element: <FeeTable /> },
  { path: '/mine/language', element: <LanguageScreen /> },
  { path: '/mine/changeLang', element: <LanguageScreen /> },
  { path: '/mine/loan', element: <LoanScreen />, auth: true },
  { path: '/mine/loanOrder', element: <LoanRecordsScreen />, auth: true },
  { path: '/mine/newShareOrder', element: <IpoRecordsScreen />, auth: true },
  { path: '/mine/followOrder', element: <FollowOrdersScreen />, auth: true },
  { path: '/quotes/search', element: <SearchScreen /> },
  { path: '/quotes/info', element: <StockDetail />, requires: 'symbol' },
  { path: '/quotes/self', element: <WatchlistScreen />, auth: true },
  { path: '/position/index', element: <PositionsScreen />, menu: true, auth: true },
  { path: '/position/info', element: <PositionInfo />, auth: true, requires: 'id' },
  { path: '/home/home', element: <HomeScreen />, menu: true },
  { path: '/home/index', element: <MarketScreen />, menu: true },
  { path: '/home/newShare', element: <IpoListScreen />, auth: true },
  { path: '/home/newShareInfo', element: <IpoInfoScreen />, auth: true, requires: 'id' },
  { path: '/home/newShareCheck', element: <IpoCheckScreen />, auth: true, requires: 'id' },
  { path: '/home/large', element: <BlockOpenScreen />, auth: true },
  { path: '/home/large2', element: <BlockUpcomingScreen />, auth: true },
  { path: '/home/large3', element: <BlockOrdersScreen />, auth: true },
  { path: '/home/largeInfo', element: <BlockInfoScreen />, auth: true, requires: 'id' },
  { path: '/home/follow', element: <FollowScreen />, auth: true },
  { path: '/home/withinDays', element: <IntradayScreen />, auth: true },
];
