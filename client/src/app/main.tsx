import { StrictMode, useCallback, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { initI18n } from '../lib/i18n.ts';
import { reloadTabForStaleBuild } from '../lib/stale-build.ts';
import { clearRefusal } from '../lib/toast.ts';
import { UiKitLocaleProvider } from '../lib/ui-kit-locale.tsx';
import '../lib/ui-kit-render.ts';
import { Splash } from '../components/splash.tsx';
import { appConfig } from '../lib/app-config.ts';
import { createAppRouter } from './router.tsx';
import { UpdateBanner } from '../components/update-banner.tsx';
import { OfflineBanner } from '../components/offline-banner.tsx';
import { watchConnection } from '../lib/last-known.ts';
import { registerServiceWorker } from '../lib/service-worker.ts';
import './app.css';

/** The router mounts only after `common/config` has answered (spec section 1). */
function App() {
  const [ready, setReady] = useState(false);
  const load = useCallback(() => appConfig.load(), []);
  const onReady = useCallback(() => setReady(true), []);
  if (!ready) return <Splash load={load} onReady={onReady} />;
  return <AppRouter />;
}

/** The routes; a refusal toast stays with the screen it came from (cleared on every route change). */
function AppRouter() {
  const [router] = useState(createAppRouter);
  useEffect(() => {
    let path = router.state.location.pathname;
    return router.subscribe((state) => {
      if (state.location.pathname === path) return;
      path = state.location.pathname;
      clearRefusal();
    });
  }, [router]);
  return (
    <>
      <OfflineBanner />
      <RouterProvider router={router} />
      <UpdateBanner />
    </>
  );
}

// Vite's signal that a screen's code from an older build failed to load: reload for the new one.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadTabForStaleBuild()) event.preventDefault();
});

const root = document.getElementById('root');
if (root) {
  void initI18n().then(() =>
    createRoot(root).render(
      <StrictMode>
        <UiKitLocaleProvider>
          <App />
        </UiKitLocaleProvider>
      </StrictMode>,
    ),
  );
}

watchConnection();
// After the first screen: the worker (its library) and the alert toasts (the socket) are not
// part of the first route's bytes.
window.addEventListener('load', () => {
  void registerServiceWorker();
  void import('../features/alerts/alert-toasts.ts').then((m) => m.startAlertToasts());
});
