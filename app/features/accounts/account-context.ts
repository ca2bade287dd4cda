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
