import { StrictMode, useCallback, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { initI18n } from '../lib/i18n.ts';
import { Splash } from '../components/splash.tsx';
import { appConfig } from './app-config.ts';
import { createAppRouter } from './router.tsx';
import './app.css';

/** The router mounts only after `common/config` has answered (spec section 1). */
function App() {
  const [ready, setReady] = useState(false);
  const load = useCallback(() => appConfig.load(), []);
  const onReady = useCallback(() => setReady(true), []);
  if (!ready) return <Splash load={load} onReady={onReady} />;
  return <RouterProvider router={createAppRouter()} />;
}

const root = document.getElementById('root');
if (root) {
  void initI18n().then(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
