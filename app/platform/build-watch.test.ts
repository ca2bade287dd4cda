import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUILD_POLL_MS, buildInfoPath, startBuildWatch } from './build-watch';

/** Just enough of a browser window for the build watch: timers, document listeners, location. */
function fakeWindow() {
  const listeners = new Map<string, (event: unknown) => void>();
  const win = {
    setInterval: (fn: () => void, ms: number) => setInterval(fn, ms),
    clearInterval: (id: number) => clearInterval(id),
    location: { origin: 'https://kunden.example', assign: vi.fn() },
    document: {
      visibilityState: 'visible',
      addEventListener: (type: string, fn: (event: unknown) => void) => listeners.set(type, fn),
      removeEventListener: (type: string) => listeners.delete(type),
    },
  };
  return { win: win as unknown as Window, listeners, assign: win.location.assign };
}

class FakeAnchor {
  target = '';
  constructor(
    readonly href: string,
    readonly origin = 'https://kunden.example',
  ) {}
}

function click(anchor: FakeAnchor, modifiers: Partial<MouseEvent> = {}) {
  return {
    button: 0,
    defaultPrevented: false,
    target: { closest: () => anchor },
    preventDefault: vi.fn(),
    ...modifiers,
  };
}

describe('new-build detection', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('polls the build id with a timestamp and turns the next link click into a full page load', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('HTMLAnchorElement', FakeAnchor);
    const fetch = vi.fn(async () => Response.json({ id: 'build-2' }));
    vi.stubGlobal('fetch', fetch);
    const { win, listeners, assign } = fakeWindow();
    const watch = startBuildWatch('build-1', win);

    const before = click(new FakeAnchor('https://kunden.example/de/preisverzeichnis'));
    listeners.get('click')!(before);
    expect(before.preventDefault).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(BUILD_POLL_MS);
    expect(fetch).toHaveBeenCalledWith(expect.stringMatching(new RegExp(`^${buildInfoPath}\\?timestamp=\\d+$`)), {
      cache: 'no-store',
    });
    expect(watch.hasNewBuild()).toBe(true);

    const after = click(new FakeAnchor('https://kunden.example/de/preisverzeichnis'));
    listeners.get('click')!(after);
    expect(after.preventDefault).toHaveBeenCalled();
    expect(assign).toHaveBeenCalledWith('https://kunden.example/de/preisverzeichnis');
    watch.stop();
    expect(listeners.size).toBe(0);
  });

  it('leaves other hosts, new tabs and modified clicks to the browser, and ignores the same build', async () => {
    vi.stubGlobal('HTMLAnchorElement', FakeAnchor);
    vi.stubGlobal('fetch', async () => Response.json({ id: 'build-1' }));
    const { win, listeners, assign } = fakeWindow();
    const watch = startBuildWatch('build-1', win);
    await watch.check();
    expect(watch.hasNewBuild()).toBe(false);

    vi.stubGlobal('fetch', async () => Response.json({ id: 'build-2' }));
    await watch.check();
    const elsewhere = new FakeAnchor('https://apps.apple.com/x', 'https://apps.apple.com');
    const newTab = Object.assign(new FakeAnchor('https://kunden.example/de/start'), { target: '_blank' });
    listeners.get('click')!(click(elsewhere));
    listeners.get('click')!(click(newTab));
    listeners.get('click')!(click(new FakeAnchor('https://kunden.example/de/start'), { ctrlKey: true }));
    expect(assign).not.toHaveBeenCalled();
    watch.stop();
  });

  it('keeps the page as it is while the server cannot be reached', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const { win } = fakeWindow();
    const watch = startBuildWatch('build-1', win);
    await watch.check();
    expect(watch.hasNewBuild()).toBe(false);
    watch.stop();
  });
});
