import type { Route } from './+types/report-bike';
import { pageContext, servicesContext } from '~/context';
import { reportPageAction, reportPageLoader } from '~/features/bike-reports/report-page.server';
import { redirectCarrying } from '~/shared/navigation/redirect-carrying';
import { reportWebViewTarget } from '~/shared/navigation/rewrites';
import { deferredForm } from '~/ui/form/deferred-form';
import { namedPageMeta, privatePageHeaders } from '~/ui/page-meta';

export const meta = namedPageMeta;
// The form carries a CSRF token and, for customers, their contact data: never kept by a cache.
export const headers = privatePageHeaders;

/** Report a bike: `/de/rad-melden` and the apps' web view `/webviews/de/melden` (flinkster; others rewrite it). */
function modeOf(context: Route.LoaderArgs['context']) {
  return context.get(pageContext).pageId === 'reportBikeWebView' ? ('webview' as const) : ('site' as const);
}

export function loader(args: Route.LoaderArgs) {
  const mode = modeOf(args.context);
  if (mode === 'webview') {
    const target = reportWebViewTarget(
      args.context.get(servicesContext).config.brand,
      args.context.get(pageContext).locale,
    );
    // The whole query travels along; the site's page gets the web-view marker when the app sent none,
    // so that it shows as the web view it replaces.
    if (target) throw redirectCarrying(args.url, `${target}${args.url.search}`);
  }
  return reportPageLoader(args, mode);
}

export function action(args: Route.ActionArgs) {
  return reportPageAction(args, modeOf(args.context));
}

// The form and its messages come after the page's first load (docs/decisions/0016).
const ReportBikePage = deferredForm(() =>
  import('~/features/bike-reports/report-form').then((module) => module.ReportBikePage),
);

export default function ReportBike({ loaderData, actionData }: Route.ComponentProps) {
  return <ReportBikePage loaderData={loaderData} actionData={actionData} />;
}
