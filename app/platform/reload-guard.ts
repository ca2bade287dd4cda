/** After a new build, old chunks are gone: reload to get the new ones, but never in a loop. */
export const RELOAD_GUARD_MS = 10_000;

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/**
 * Whether a failed chunk load on `path` may reload the page now: at most once per path within 10 seconds
 * (docs/rules/content-and-navigation.md#reload-guard). Records the reload when it allows one.
 */
export function claimReload(storage: KeyValueStorage, path: string, now: number): boolean {
  const key = `reload-guard:${path}`;
  const last = storage.getItem(key);
  if (last !== null && now - Number(last) < RELOAD_GUARD_MS) return false;
  storage.setItem(key, String(now));
  return true;
}

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
    message,
  );
}

/** Reloads the page for a failed chunk load when the guard allows it; true when it did. */
export function reloadForChunkError(win: Window = window): boolean {
  let storage: KeyValueStorage;
  try {
    storage = win.sessionStorage;
  } catch {
    return false;
  }
  if (!claimReload(storage, win.location.pathname, Date.now())) return false;
  win.location.reload();
  return true;
}

export function installChunkReloadGuard(win: Window = window): void {
  // Vite announces a failed preload of a lazily imported chunk with this event.
  win.addEventListener('vite:preloadError', (event) => {
    if (reloadForChunkError(win)) event.preventDefault();
  });
}
