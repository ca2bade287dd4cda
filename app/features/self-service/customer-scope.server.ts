import { createContext, type RouterContextProvider } from 'react-router';
import { pageContext, requestContext, requestFeatures } from '~/context';
import type { FeatureContext } from '~/feature-context';
import { type CurrentSession, isRecentlyAuthenticated, requireSession } from '~/features/accounts/public.server';
import { defaultLocale, type Locale } from '~/i18n/locales';

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

/**
 * The logged-in customer's scope, set by the auth guard (app/routes/guards/auth.tsx) on every page
 * behind it. It lives here, not in app/context.ts, so that the router context knows no feature.
 */
export const customerScopeContext = createContext<CustomerScope | null>(null);

/**
 * The scope the auth guard set for the pages behind it; resource routes outside the guard (a CSV
 * download, the bank-verification widget) get theirs built here, or the redirect to the login page,
 * which comes back to `url` (the page's, as the router gives it).
 */
export function customerScope(url: URL, context: Readonly<RouterContextProvider>): CustomerScope {
  const guarded = context.get(customerScopeContext);
  if (guarded) return guarded;
  const session = requireSession(url, context);
  return {
    session,
    customerId: session.customerId,
    ctx: requestFeatures(context),
    locale: context.get(pageContext).pathLocale ?? defaultLocale,
    clientIp: context.get(requestContext).clientIp,
    recentlyAuthenticated: isRecentlyAuthenticated(session),
  };
}
