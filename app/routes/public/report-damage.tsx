import type { Route } from './+types/report-damage';
import { pageContext } from '~/context';
import { damagePageAction, damagePageLoader } from '~/features/damage-reports/damage-page.server';
import { deferredForm } from '~/ui/form/deferred-form';
import { namedPageMeta, privatePageHeaders } from '~/ui/page-meta';

export const meta = namedPageMeta;
// The form carries a CSRF token and, for customers, their contact data: never kept by a cache.
export const headers = privatePageHeaders;

/** Report vehicle damage: `/de/schaden-melden` and the apps' web view `/webviews/de/schaden-melden` (flinkster). */
function modeOf(context: Route.LoaderArgs['context']) {
  return context.get(pageContext).pageId === 'reportDamageWebView' ? ('webview' as const) : ('site' as const);
}

export function loader(args: Route.LoaderArgs) {
  return damagePageLoader(args, modeOf(args.context));
}

export function action(args: Route.ActionArgs) {
  return damagePageAction(args);
}

// The form and its messages come after the page's first load (docs/decisions/0016).
const ReportDamagePage = deferredForm(() =>
  import('~/features/damage-reports/damage-form').then((module) => module.ReportDamagePage),
);

export default function ReportDamage({ loaderData, actionData }: Route.ComponentProps) {
  return <ReportDamagePage loaderData={loaderData} actionData={actionData} />;
}
