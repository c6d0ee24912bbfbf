import { Suspense, useEffect } from 'react';
import { Navigate, Outlet, createHashRouter, useLocation, useMatches, useSearchParams } from 'react-router-dom';
import { BottomMenu } from '../components/bottom-menu.tsx';
import { PaperBadge } from '../components/paper-badge.tsx';
import { NotFound } from '../components/not-found.tsx';
import { UserPanel } from '../components/user-panel.tsx';
import { checkSession } from '../features/auth/session.ts';
import { storage } from '../lib/storage.ts';
import { ROUTES, type RouteSpec } from './routes.tsx';
import { closeUserPanel } from './ui.store.ts';

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
  useEffect(() => void checkSession(), []);
  return (
    <>
      <PaperBadge />
      <div key={location.pathname} className="fade-enter">
        <Outlet />
      </div>
      {handle?.menu ? <BottomMenu /> : null}
      <UserPanel />
    </>
  );
}

export function createAppRouter() {
  return createHashRouter([
    {
      element: <Shell />,
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
