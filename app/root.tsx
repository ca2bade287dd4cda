import {
  Links,
  Meta,
  Outlet,
  Scripts,
  data,
  isRouteErrorResponse,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import type { Route } from './+types/root';
import { brandProfiles, fallbackBrand } from './config/brand';
import { pageContext, servicesContext } from './context';
import { customerSummary } from './features/accounts/current-customer.server';
import { sessionMiddleware } from './features/accounts/session-middleware.server';
import { csrfMiddleware } from './shared/security/csrf-middleware.server';
import { csrfFor } from './shared/security/form-page.server';
import { clearResubmission, readResubmission } from './shared/security/resubmission.server';
import { localeFromPath } from './i18n/locales';
import { isBackOfficePath } from './i18n/back-office-routes';
import { requestScopeMiddleware } from './request-scope.server';
import { useNonce } from './ui/nonce';
import { ErrorScreen, NotFoundScreen } from './ui/components/error-screen';
import { errorPageMeta } from './ui/page-meta';
import { ClientRuntime } from './ui/components/client-runtime';
import { ConsentDialog } from './features/consent/components/consent-dialog';
import { ConsentProvider } from './features/consent/consent-context';
import { consentFromCookies } from './shared/consent/consent-cookie';
import { consentPromptFrom } from './features/consent/consent-request';
import { PageViews } from './features/consent/page-views';
import { analyticsConfig } from './platform/analytics';
import { errorReportingMetaName } from './platform/error-reporting/client';
import stylesHref from './ui/styles.css?url';

// The tab's icon is the brand's (app/config/brand.ts), so the document shell links it, not `links`.
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesHref }];

/**
 * Every request: the session is read once, then the request's locale, page and customer
 * (app/request-scope.server.ts), then every POST is checked for CSRF.
 */
export const middleware: Route.MiddlewareFunction[] = [sessionMiddleware, requestScopeMiddleware, csrfMiddleware];

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const { config, content, buildId } = context.get(servicesContext);
  const { locale } = context.get(pageContext);
  const [site, customer] = await Promise.all([content.siteContent(), customerSummary(request, context)]);
  const brand = config.brandProfile;
  // The back office counts no page views, so it has no consent to ask for (docs/rules/back-office.md).
  const countsPageViews = brand.sendsPageViews && !isBackOfficePath(url.pathname);
  // Only a brand that counts page views has something to ask consent for (docs/decisions/0011).
  const consentPrompt = countsPageViews ? consentPromptFrom(url.searchParams) : null;
  // Logged-in pages carry forms in the header (logout, resend link); anonymous pages stay cookie-free,
  // except a page opened with `?consent=…` (never cached), whose consent form needs a token.
  const csrf = customer || consentPrompt ? csrfFor(request, context) : null;
  // A form refused for its expired token comes back once (resubmission.server.ts); its page is never cached.
  const { present, resubmission } = readResubmission(request, url);
  const headers = new Headers(csrf?.headers);
  if (present) {
    headers.set('Cache-Control', 'private, no-store');
    headers.append('Set-Cookie', clearResubmission(config.publicUrl.startsWith('https:')));
  }
  return data(
    {
      locale,
      brand,
      site,
      buildId,
      publicUrl: config.publicUrl,
      customer,
      csrf: csrf?.token ?? null,
      resubmission,
      consent: {
        needed: countsPageViews,
        // Part of the server's page-cache key (server/app.ts), so a cached page never shows another choice.
        choice: consentFromCookies(request.headers.get('cookie')),
        prompt: consentPrompt,
      },
      analytics: analyticsConfig({
        brandSendsPageViews: countsPageViews,
        matomoUrl: config.env.MATOMO_URL,
        matomoSiteId: config.env.MATOMO_SITE_ID,
      }),
      // A DSN is public by design: the browser SDK needs it to send its events.
      sentryDsn: config.env.SENTRY_DSN ?? null,
    },
    { headers },
  );
}

/**
 * Site-wide data changes only with the locale; other navigations keep it. The same page loaded again
 * (a form refused for its token comes back to it) reloads it too.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== 'GET') return defaultShouldRevalidate;
  if (currentUrl.href === nextUrl.href) return true;
  return localeFromPath(currentUrl.pathname) !== localeFromPath(nextUrl.pathname);
}

export type RootData = Awaited<ReturnType<typeof loader>>['data'];

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>('root');
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const nonce = useNonce();
  const locale =
    root?.locale ?? (typeof window === 'undefined' ? 'de' : (localeFromPath(window.location.pathname) ?? 'de'));
  const brand = root?.brand ?? brandProfiles[fallbackBrand];
  return (
    <html lang={locale} data-brand={brand.id}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={brand.primary} />
        {root ? <link rel="icon" href={root.brand.favicon} type="image/svg+xml" /> : null}
        {root?.sentryDsn ? (
          <meta
            name={errorReportingMetaName}
            content="sentry"
            data-sentry-dsn={root.sentryDsn}
            data-release={root.buildId}
          />
        ) : null}
        <Meta />
        <Links />
      </head>
      <body>
        <ConsentProvider
          needed={root?.consent.needed ?? false}
          initialChoice={root?.consent.choice ?? null}
          prompt={root?.consent.prompt ?? null}
        >
          <ConsentDialog csrf={root?.csrf ?? null} />
          {children}
          {root ? <ClientRuntime buildId={root.buildId} /> : null}
          {root ? <PageViews config={root.analytics} /> : null}
        </ConsentProvider>
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export const meta = errorPageMeta;

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen error={error} />;
  return <ErrorScreen />;
}
