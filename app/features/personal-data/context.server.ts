import type { RouterContextProvider } from 'react-router';
import { devMailboxOpen } from '~/config/local-run';
import { servicesContext, type AppServices } from '~/context';
import type { AccountContext } from '~/features/accounts/public.server';
import { customerScope, type CustomerScope } from '~/features/self-service/public.server';

/** What the personal-data flows need beyond the account flows: a key for code hashes, SMS logging. */
export interface PersonalDataContext extends AccountContext {
  /** Server secret that keys the hashes of SMS codes, so a leaked table does not give codes away. */
  codeSecret: string;
  /** Called after an SMS was queued; logs its text only where the development SMS box is open. */
  onSmsQueued(to: string, text: string): void;
}

/**
 * Whether queued SMS may be read on the development mailbox page and in the log: only without an
 * SMS gateway, and (like mails) only where the development mailbox is open, on a local run —
 * elsewhere they would show confirmation codes to anyone.
 */
export function smsBoxEnabled(services: Pick<AppServices, 'config' | 'database'>): boolean {
  if (services.config.env.SMS_GATEWAY_URL) return false;
  return devMailboxOpen(services.config, services.database.kind);
}

export function personalDataContext(account: AccountContext, services: AppServices): PersonalDataContext {
  const readable = smsBoxEnabled(services);
  return {
    ...account,
    codeSecret: services.config.sessionSecret,
    onSmsQueued(to, text) {
      if (readable) services.logger.info({ to, text }, 'sms queued (no SMS gateway configured)');
      else services.logger.info('sms queued');
    },
  };
}

export interface PersonalDataScope extends CustomerScope {
  pd: PersonalDataContext;
}

/** `customerScope()` (logged-in customer, locale, client address) plus the personal-data context. */
export function personalDataScope(request: Request, context: Readonly<RouterContextProvider>): PersonalDataScope {
  const scope = customerScope(request, context);
  return { ...scope, pd: personalDataContext(scope.ctx, context.get(servicesContext)) };
}
