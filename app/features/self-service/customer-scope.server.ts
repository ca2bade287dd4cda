import type { RouterContextProvider } from 'react-router';
import { requestContext, servicesContext } from '~/context';
import type { FeatureContext } from '~/feature-context';
import { type CurrentSession, isRecentlyAuthenticated, requireSession } from '~/features/accounts/public.server';
import { defaultLocale, localeFromPath, type Locale } from '~/i18n/locales';

/**
 * What every self-service loader and action starts from: the logged-in customer's id (the only
 * owner every query is scoped to), the feature context and the page's locale. Ids of objects never
 * come from the request alone: features look them up together with `customerId`.
 */
export interface CustomerScope {
  session: CurrentSession;
  customerId: string;
  ctx: FeatureContext;
  locale: Locale;
  clientIp: string;
  /** True while a sensitive change needs no password confirmation (15-minute window). */
  recentlyAuthenticated: boolean;
}

export function customerScope(request: Request, context: Readonly<RouterContextProvider>): CustomerScope {
  const session = requireSession(request, context);
  const { pathname } = new URL(request.url);
  return {
    session,
    customerId: session.customerId,
    ctx: context.get(servicesContext),
    locale: localeFromPath(pathname) ?? defaultLocale,
    clientIp: context.get(requestContext).clientIp,
    recentlyAuthenticated: isRecentlyAuthenticated(session),
  };
}
