import type { Database } from '~/db/client.server';
import { redirects } from '~/db/schema';
import type { RedirectRule } from './redirects';

export interface RedirectStore {
  rules(): Promise<readonly RedirectRule[]>;
}

/** The redirect table, read at most once per TTL: it is asked on every unknown path. */
export function createRedirectStore(db: Database, ttlMs: number, now: () => number = Date.now): RedirectStore {
  let cache: { rules: RedirectRule[]; loadedAt: number } | undefined;
  return {
    async rules() {
      if (!cache || now() - cache.loadedAt >= ttlMs) {
        const rows = await db.select().from(redirects);
        cache = {
          rules: rows.map(({ source, target, permanent }) => ({ source, target, permanent })),
          loadedAt: now(),
        };
      }
      return cache.rules;
    },
  };
}
