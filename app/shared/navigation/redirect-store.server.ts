import type { Database } from '~/db/client.server';
import { redirects } from '~/db/schema';
import type { RedirectRule } from './redirects';

export interface RedirectStore {
  rules(): Promise<readonly RedirectRule[]>;
}

/**
 * The redirect table, read at most once per TTL: it is asked on every unknown path. Requests that
 * find it out of date at the same moment share one read.
 */
export function createRedirectStore(db: Database, ttlMs: number, now: () => number = Date.now): RedirectStore {
  let cache: { rules: RedirectRule[]; loadedAt: number } | undefined;
  let reading: Promise<RedirectRule[]> | undefined;
  const read = async () => {
    try {
      const rows = await db.select().from(redirects);
      const rules = rows.map(({ source, target, permanent }) => ({ source, target, permanent }));
      cache = { rules, loadedAt: now() };
      return rules;
    } finally {
      reading = undefined;
    }
  };
  return {
    rules() {
      if (cache && now() - cache.loadedAt < ttlMs) return Promise.resolve(cache.rules);
      return (reading ??= read());
    },
  };
}
