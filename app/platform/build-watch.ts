import { httpRequest } from './http-client';

export const BUILD_POLL_MS = 5 * 60_000;
export const buildInfoPath = '/builds/latest.json';

export interface BuildWatch {
  /** Whether the server runs a newer build than this page: the next navigation must load the page. */
  hasNewBuild(): boolean;
  /** Asks the server now (also done every BUILD_POLL_MS and when the tab becomes visible). */
  check(): Promise<void>;
  stop(): void;
}

/**
 * Polls the server's current build id. Once it differs from the running one, the next navigation
 * becomes a full page load, so that the visitor gets the new code instead of missing chunks: a
 * link click is turned into one here before the router sees it; other navigations (forms with
 * GET, redirects after an action, code) are turned into one by the caller through `hasNewBuild`.
 */
export function startBuildWatch(currentBuildId: string, win: Window = window): BuildWatch {
  let newBuild = false;

  async function check() {
    if (newBuild) return;
    try {
      const response = await httpRequest(`${buildInfoPath}?timestamp=${Date.now()}`, { cache: 'no-store' });
      if (!response.ok) return;
      const { id } = (await response.json()) as { id?: string };
      if (id && id !== currentBuildId) newBuild = true;
    } catch {
      // Offline or server restarting: try again at the next tick.
    }
  }

  function onClick(event: MouseEvent) {
    if (!newBuild || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element | null)?.closest?.('a[href]');
    if (!(anchor instanceof HTMLAnchorElement) || anchor.target || anchor.origin !== win.location.origin) return;
    event.preventDefault();
    win.location.assign(anchor.href);
  }

  const onVisible = () => {
    if (win.document.visibilityState === 'visible') void check();
  };
  const timer = win.setInterval(() => void check(), BUILD_POLL_MS);
  win.document.addEventListener('click', onClick, { capture: true });
  win.document.addEventListener('visibilitychange', onVisible);
  return {
    hasNewBuild: () => newBuild,
    check,
    stop() {
      win.clearInterval(timer);
      win.document.removeEventListener('click', onClick, { capture: true });
      win.document.removeEventListener('visibilitychange', onVisible);
    },
  };
}
