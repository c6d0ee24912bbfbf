/**
 * After a deploy, a tab still running the previous build asks for screen chunks whose hashed
 * names no longer exist. That is not an error the user made or can fix: reload once to pick up
 * the new build. A chunk still missing after a reload (within a minute) is a real outage, so the
 * error screen shows instead of a reload loop.
 */
const LAST_RELOAD_KEY = 'kabuto.staleBuildReloadAt';
const RELOAD_AT_MOST_EVERY_MS = 60_000;
const STALE_CHUNK_MESSAGE =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;

/** Whether an error is a screen's code (or its CSS) failing to load. */
export function isStaleChunkError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return STALE_CHUNK_MESSAGE.test(message);
}

type ReloadStore = Pick<Storage, 'getItem' | 'setItem'>;

/** Reloads the page unless it was reloaded for this within the last minute; says whether it did. */
export function reloadForStaleBuild(
  nowMs: number,
  store: ReloadStore,
  reload: () => void,
): boolean {
  const last = Number(store.getItem(LAST_RELOAD_KEY) ?? 0);
  if (nowMs - last < RELOAD_AT_MOST_EVERY_MS) return false;
  store.setItem(LAST_RELOAD_KEY, String(nowMs));
  reload();
  return true;
}

/** `reloadForStaleBuild` in this browser tab. */
export function reloadTabForStaleBuild(): boolean {
  return reloadForStaleBuild(Date.now(), sessionStorage, () => window.location.reload());
}
