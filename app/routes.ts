import { index, layout, route, type RouteConfig, type RouteConfigEntry } from '@react-router/dev/routes';
import { confirmEmailChangePaths, personalDataExportPath } from './features/personal-data/policy';
import { locales } from './i18n/locales';
import { phoneCheckPath } from './shared/phone/phone-judgement';
import { fleetTrips } from './config/fleet';
import { assertKnownMiddleware, pageIds, pages, routeId, type LayoutId, type MiddlewareName } from './i18n/route-table';
import { terminalHome, terminalPaths } from './features/bike-reports/terminal-paths';
import {
  backOfficePageIds,
  backOfficePages,
  backOfficePublicPages,
  backOfficeRouteId,
} from './i18n/back-office-routes';

// An unknown middleware name is an error, found when the routes are built
// (docs/rules/content-and-navigation.md#unknown-middleware).
assertKnownMiddleware();

const layoutFiles: Record<LayoutId, string> = {
  'main-view': 'routes/layouts/main-view-layout.tsx',
  'self-service': 'routes/layouts/self-service-layout.tsx',
  'embedded-service': 'routes/layouts/embedded-service-layout.tsx',
};

/** Pages whose route table entry says `messages: 'all'` sit under this layout (ui/layouts/all-messages-layout.tsx). */
const allMessagesLayout = 'ui/layouts/all-messages-layout.tsx';

const guardFiles: Record<MiddlewareName, string> = {
  auth: 'routes/guards/auth.tsx',
};

/** Named pages of one layout and one middleware set, expanded to one route per locale. */
function namedPages(layoutId: LayoutId, middleware: readonly MiddlewareName[]): RouteConfigEntry[] {
  const ids = pageIds.filter(
    (id) => pages[id].layout === layoutId && pages[id].middleware.join() === middleware.join(),
  );
  const routes = (messages: 'general' | 'all') =>
    ids
      .filter((id) => pages[id].messages === messages)
      .flatMap((id) => locales.map((locale) => route(pages[id][locale], pages[id].file, { id: routeId(id, locale) })));
  const withAllMessages = routes('all');
  return [
    ...routes('general'),
    ...(withAllMessages.length
      ? [layout(allMessagesLayout, { id: `messages-${layoutId}-${middleware.join('-')}` }, withAllMessages)]
      : []),
  ];
}

function guarded(middleware: readonly MiddlewareName[], children: RouteConfigEntry[]): RouteConfigEntry[] {
  return middleware.reduceRight<RouteConfigEntry[]>(
    (inner, name) => [layout(guardFiles[name], { id: `guard-${name}-${inner[0]?.id ?? ''}` }, inner)],
    children,
  );
}

/**
 * The service back office (docs/rules/back-office.md): every page of its route table below its guard,
 * which checks the staff session and the role the table names for the page and the action.
 */
function backOfficeRoutes(): RouteConfigEntry[] {
  const { language, ...publicPages } = backOfficePublicPages;
  return [
    route(language.path.slice(1), language.file, { id: backOfficeRouteId('language') }),
    layout(
      'routes/backoffice/public-layout.tsx',
      Object.entries(publicPages).map(([id, page]) =>
        route(page.path.slice(1), page.file, { id: backOfficeRouteId(id) }),
      ),
    ),
    layout(
      'routes/guards/back-office.tsx',
      { id: 'guard-back-office' },
      backOfficePageIds.map((id) =>
        route(backOfficePages[id].path.slice(1), backOfficePages[id].file, { id: backOfficeRouteId(id) }),
      ),
    ),
  ];
}

export default [
  index('routes/resources/index-redirect.ts'),
  ...backOfficeRoutes(),
  route('sitemap.xml', 'routes/resources/sitemap-xml.ts'),
  route('robots.txt', 'routes/resources/robots-txt.ts'),
  route('resources/address-suggestions', 'routes/resources/address-suggestions.ts'),
  route(phoneCheckPath.slice(1), 'routes/resources/phone-number.ts'),
  route('resources/logout', 'routes/resources/logout.ts'),
  route('resources/resend-verification', 'routes/resources/resend-verification.ts'),
  // Consent without JavaScript, and the browser's error reports (docs/decisions/0011-consent-and-analytics.md).
  route('resources/consent', 'routes/resources/consent.ts'),
  route('resources/client-errors', 'routes/resources/client-errors.ts'),
  // Credit and payment (docs/decisions/0008-credit-and-payment.md).
  route('resources/credit-statement', 'routes/resources/credit-statement.ts'),
  // The rides as CSV (docs/rules/rides-and-charges.md#rides-page).
  route('resources/rides-statement', 'routes/resources/rides-statement.ts'),
  route('resources/bank-verification', 'routes/resources/bank-verification.ts'),
  route('resources/bank-verification/widget.js', 'routes/resources/bank-verification-widget.ts'),
  route('resources/payment-sandbox/checkout', 'routes/resources/payment-sandbox.ts'),
  route(personalDataExportPath.slice(1), 'routes/resources/personal-data-export.ts'),
  // The fleet system's trips, signed instead of a CSRF token (docs/rules/rides-and-charges.md#trips-in).
  route(fleetTrips.path.slice(1), 'routes/resources/fleet-trips.ts'),

  // Bare pages outside the page table: the document and the content, nothing around it.
  layout('ui/layouts/base-layout.tsx', [
    route('rampage', 'routes/public/rampage.tsx'),
    // The station terminal: start screen, and its flows per locale (features/bike-reports/terminal-paths.ts).
    layout('routes/public/terminal-layout.tsx', [
      route(terminalHome, 'routes/public/terminal.tsx', { id: 'terminal' }),
      ...locales.flatMap((locale) => [
        route(terminalPaths[locale].start, 'routes/public/terminal.tsx', { id: `terminal-start-${locale}` }),
        route(terminalPaths[locale].report, 'routes/public/terminal-report.tsx', { id: `terminal-report-${locale}` }),
        route(terminalPaths[locale].register, 'routes/public/terminal-register.tsx', {
          id: `terminal-register-${locale}`,
        }),
        route(terminalPaths[locale].cancel, 'routes/public/terminal-cancel.tsx', { id: `terminal-cancel-${locale}` }),
        route(terminalPaths[locale].withdraw, 'routes/public/terminal-withdraw.tsx', {
          id: `terminal-withdraw-${locale}`,
        }),
      ]),
    ]),
    route('preview/page', 'routes/public/preview-page.tsx'),
    layout(allMessagesLayout, { id: 'messages-dev' }, [route('dev/mailbox', 'routes/dev/mailbox.tsx')]),
  ]),

  layout(layoutFiles['main-view'], [
    ...namedPages('main-view', []),
    // The confirmation link of an email change (personal data); a page of its own, not in the menu or sitemap.
    layout(
      allMessagesLayout,
      { id: 'messages-confirm-email-change' },
      locales.map((locale) =>
        route(confirmEmailChangePaths[locale].slice(1), 'routes/auth/confirm-email-change.tsx', {
          id: `confirm-email-change-${locale}`,
        }),
      ),
    ),
    // Redirect-only routes sit in the layout so that their 404 gets the error screen, not a bare answer.
    route('cancel-contract', 'routes/resources/cancel-contract-redirect.ts'),
    // Generic aliases of named pages (docs/rules/content-and-navigation.md#generic-aliases).
    route(':locale/login', 'routes/resources/page-alias.ts', { id: 'alias-login' }),
    route(':locale/passwort-reset-start', 'routes/resources/page-alias.ts', { id: 'alias-password-reset-start' }),
    route(':locale/passwort-reset-finish', 'routes/resources/page-alias.ts', { id: 'alias-password-reset-finish' }),
    route(':locale/:route', 'routes/public/content-page.tsx', { id: 'content-page' }),
    route('*', 'routes/public/not-found.tsx', { id: 'not-found' }),
  ]),

  ...guarded(['auth'], [layout(layoutFiles['self-service'], namedPages('self-service', ['auth']))]),

  layout(layoutFiles['embedded-service'], { id: 'embedded' }, [
    ...namedPages('embedded-service', []),
    route('webviews/:locale/:route', 'routes/public/content-page.tsx', { id: 'webview-content-page' }),
    route('webviews/legal/:locale/:route', 'routes/public/content-page.tsx', { id: 'webview-legal-page' }),
  ]),
  ...guarded(
    ['auth'],
    [layout(layoutFiles['embedded-service'], { id: 'embedded-auth' }, namedPages('embedded-service', ['auth']))],
  ),
] satisfies RouteConfig;
