import { brandProfiles, type BrandProfile } from '~/config/brand';
import type { AppServices } from '~/context';
import type { AppConfig } from '~/config/env.server';
import type { Database } from '~/db/client.server';
import type { Locale } from '~/i18n/locales';
import { pagePath, type PageId } from '~/i18n/route-table';
import type { Logger } from '~/platform/logger.server';
import type { RateLimitStore } from '~/platform/rate-limit/store';

/** What the account flows need from the process: database, settings, limits, brand, log. */
export interface AccountContext {
  db: Database;
  config: AppConfig;
  brand: BrandProfile;
  rateLimits: RateLimitStore;
  logger: Pick<Logger, 'info' | 'warn'>;
  /** Called after a mail was queued; logs it when no SMTP server is configured (laptop mode). */
  onMailQueued(to: string, subject: string, text: string): void;
}

/** An absolute link for a mail, carrying a token as query value (never logged: logs keep paths only). */
export function mailLink(config: AppConfig, page: PageId, locale: Locale, query: Record<string, string> = {}): string {
  const search = new URLSearchParams(query).toString();
  return `${config.publicUrl}${pagePath(page, locale)}${search ? `?${search}` : ''}`;
}

export function accountContext(services: AppServices): AccountContext {
  const { database, config, rateLimits, logger, mail } = services;
  return {
    db: database.db,
    config,
    brand: brandProfiles[config.brand],
    rateLimits,
    logger,
    onMailQueued(to, subject, text) {
      // Without SMTP on a laptop, the log is one of the two places to read mails (the other is the
      // development mailbox). With SMTP, bodies (which hold links with tokens) never reach the log.
      if (mail.mailboxEnabled) logger.info({ to, subject, text }, 'mail queued (no SMTP server configured)');
      else logger.info({ subject }, 'mail queued');
    },
  };
}
