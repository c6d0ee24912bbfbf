import { Suspense, lazy } from 'react';
import { PositionsScreen } from '../../features/trading/positions-screen.tsx';
import { loadFeatureStrings } from '../../lib/i18n.ts';

// The new-shares tab (its records, its strings) loads when it is first opened.
const IpoTab = lazy(async () => {
  const [{ RecordsList }] = await Promise.all([
    import('../../features/ipo/ipo-records-screen.tsx'),
    loadFeatureStrings('ipo'),
  ]);
  return { default: () => <RecordsList compact /> };
});

// The follow tab: the caller's copy-trading orders, loaded when it is first opened.
const FollowTab = lazy(() =>
  import('../../features/products/follow-orders.tsx').then((m) => ({
    default: m.FollowOrdersList,
  })),
);

/**
 * Positions composed with the IPO records as its new-shares tab and the follow orders as its
 * follow tab (trading never imports ipo or products).
 */
export function Positions() {
  return (
    <PositionsScreen
      newSharesTab={
        <Suspense fallback={null}>
          <IpoTab />
        </Suspense>
      }
      followTab={
        <Suspense fallback={null}>
          <FollowTab />
        </Suspense>
      }
    />
  );
}
