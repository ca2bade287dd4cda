import type { AppConfig } from '~/config/env.server';
import type { FeatureContext } from '~/feature-context';
import type { Locale } from '~/i18n/locales';
import { pagePath, type PageId } from '~/i18n/route-table';

/** What the account flows need from the process: database, settings, limits, brand, log, mail hook. */
export type AccountContext = Pick<FeatureContext, 'db' | 'config' | 'brand' | 'rateLimits' | 'logger' | 'onMailQueued'>;

/** An absolute link for a mail, carrying a token as query value (never logged: logs keep paths only). */
export function mailLink(config: AppConfig, page: PageId, locale: Locale, query: Record<string, string> = {}): string {
  const search = new URLSearchParams(query).toString();
  return `${config.publicUrl}${pagePath(page, locale)}${search ? `?${search}` : ''}`;
}

/**
 * Runs `work` and answers no sooner than `ms` after the start, so that the work done for an
 * existing account and for an unknown email cannot be told apart by timing.
 */
export async function withMinimumDuration<T>(ms: number, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await work();
  } finally {
    const left = ms - (Date.now() - started);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  }
}
