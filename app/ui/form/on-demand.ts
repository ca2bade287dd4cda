import { useSyncExternalStore } from 'react';

/**
 * Code a page needs only once the visitor does something with a form (its validator), loaded the
 * first time something asks for it (docs/decisions/0016).
 */
export interface OnDemand<T> {
  /** The loaded value; undefined before it arrives, or when it could not be loaded. */
  current(): T | undefined;
  /** Starts loading, once; settles when the value is there or could not be loaded, and never rejects. */
  load(): Promise<void>;
  /** Loading has ended, with or without the value. */
  settled(): boolean;
  subscribe(listener: () => void): () => void;
}

export function onDemand<T>(load: () => Promise<T>): OnDemand<T> {
  let value: T | undefined;
  let settled = false;
  let loading: Promise<void> | undefined;
  const listeners = new Set<() => void>();
  return {
    current: () => value,
    settled: () => settled,
    load() {
      loading ??= load()
        .then(
          (loaded) => {
            value = loaded;
          },
          // A chunk that fails to load has already set off the reload guard (vite:preloadError,
          // app/platform/reload-guard.ts); without it, the form is left to the server's validation.
          () => undefined,
        )
        .finally(() => {
          settled = true;
          for (const listener of listeners) listener();
        });
      return loading;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const nothingOnTheServer = () => undefined;

/**
 * The value once it is there. On the server and while hydrating it is undefined, as the server
 * rendered it, so hydration sees the same markup; the component renders again when it arrives.
 */
export function useOnDemand<T>(resource: OnDemand<T>): T | undefined {
  return useSyncExternalStore(resource.subscribe, resource.current, nothingOnTheServer);
}
