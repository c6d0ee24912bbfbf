import { Suspense, lazy, useEffect, useState } from 'react';
import {
  Navigate,
  Outlet,
  ScrollRestoration,
  createHashRouter,
  useLocation,
  useMatches,
  useSearchParams,
} from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { NotFound } from '../components/not-found.tsx';
import { PaperBadge } from '../components/paper-badge.tsx';
import { storage } from '../lib/storage.ts';
import { RouteError } from './route-error.tsx';
import { ROUTES, type RouteSpec } from './routes.tsx';
import { closeUserPanel, uiState } from '../lib/ui.store.ts';

// Out of the first route: the menu shows on signed-in tabs only, the user panel (with the socket
// behind its asset figures) once it is first opened.
const BottomMenu = lazy(() =>
  import('../components/bottom-menu.tsx').then((m) => ({ default: m.BottomMenu })),
);
const UserPanel = lazy(() =>
  import('../components/user-panel.tsx').then((m) => ({ default: m.UserPanel })),
);

/** Mounts the user panel from its first opening on (it stays mounted so it can animate closed). */
function LazyUserPanel() {
  const { panelOpen } = useSnapshot(uiState);
  const [wanted, setWanted] = useState(panelOpen);
  // Adjusted while rendering (React's pattern for state derived from a prop): once wanted, always.
  if (panelOpen && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <UserPanel />
    </Suspense>
  ) : null;
}

function Guard({ route }: { route: RouteSpec }) {
  const [params] = useSearchParams();
  if (route.auth && !storage.hasSession()) return <Navigate to="/login/login" replace />;
  if (route.requires && !params.get(route.requires)) return <NotFound />;
  return <Suspense fallback={null}>{route.element}</Suspense>;
}

/** Every screen: the paper badge, a fade on route change, the bottom menu where the route asks. */
function Shell() {
  const location = useLocation();
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as { menu?: boolean } | undefined;
  useEffect(closeUserPanel, [location.pathname]);
  // Spec section 6: a stored session the server no longer accepts (frozen, revoked) is dropped at start.
  useEffect(() => {
    if (storage.hasSession()) {
      void import('../lib/session.ts').then((m) => m.checkSession());
    }
  }, []);
  return (
    <>
      <PaperBadge />
      {/* A new screen opens at its top; going back returns to where the list was. */}
      <ScrollRestoration />
      <div key={location.pathname} className="fade-enter">
        <Outlet />
      </div>
      {handle?.menu ? (
        <Suspense fallback={null}>
          <BottomMenu />
        </Suspense>
      ) : null}
      <LazyUserPanel />
    </>
  );
}

export function createAppRouter() {
  return createHashRouter([
    {
      element: <Shell />,
      errorElement: <RouteError />,
      children: [
        { path: '/', element: <Navigate to="/login/start" replace /> },
        ...ROUTES.map((route) => ({
          path: route.path,
          element: <Guard route={route} />,
          handle: { menu: Boolean(route.menu), transitionName: route.transitionName ?? 'fade' },
        })),
        { path: '*', element: <Navigate to="/login/start" replace /> },
      ],
    },
  ]);
}
