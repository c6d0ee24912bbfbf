import { proxy } from 'valtio';

/** Whether a new build is installed and waiting, and how to switch to it (the update prompt). */
export const appUpdate = proxy<{ ready: boolean; apply: (() => void) | null }>({
  ready: false,
  apply: null,
});

/**
 * Registers the service worker (the built app only): it keeps the shell for offline use and shows
 * price-alert notifications. A new build waits until the user takes it from the prompt; then the
 * page reloads under the new worker.
 */
export async function registerServiceWorker(): Promise<void> {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const { Workbox } = await import('workbox-window');
  const workbox = new Workbox('/sw.js');
  workbox.addEventListener('waiting', () => {
    appUpdate.apply = () => {
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    };
    appUpdate.ready = true;
  });
  await workbox.register();
}
