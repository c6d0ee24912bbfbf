import { Suspense, useEffect } from 'react';
import { Navigate, Outlet, createHashRouter, useLocation, useMatches } from 'react-router-dom';
import { BottomMenu } from '../components/bottom-menu.tsx';
import { PaperBadge } from '../components/paper-badge.tsx';
import { UserPanel } from '../components/user-panel.tsx';
import { storage } from '../lib/storage.ts';
import { ROUTES, type RouteSpec } from './routes.tsx';
import { closeUserPanel } from './ui.store.ts';

function Guard({ route }: { route: RouteSpec }) {
  if (route.auth && !storage.hasSession()) return <Navigate to="/login/login" replace />;
  return <Suspense fallback={null}>{route.element}</Suspense>;
}

/** Every screen: the paper badge, a fade on route change, the bottom menu where the route asks. */
function Shell() {
  const location = useLocation();
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as { menu?: boolean } | undefined;
  useEffect(closeUserPanel, [location.pathname]);
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
