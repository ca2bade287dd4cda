import type { Route } from './+types/terminal-report';
import { reportPageAction, reportPageLoader } from '~/features/bike-reports/report-page.server';
import { translator } from '~/i18n/translate';
import { deferredForm } from '~/ui/form/deferred-form';
import { brandedPageTitle, metaBrand, privatePageHeaders } from '~/ui/page-meta';

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  brandedPageTitle(
    matches,
    `${translator(loaderData?.locale ?? 'de', metaBrand(matches).id)('page.reportBike.title')} – Terminal`,
  ),
  { name: 'robots', content: 'noindex' },
];
export const headers = privatePageHeaders;

/** Report a bike at the station terminal (`/de/terminal/melden`): always anonymous, no position button. */
export function loader(args: Route.LoaderArgs) {
  return reportPageLoader(args, 'terminal');
}

export function action(args: Route.ActionArgs) {
  return reportPageAction(args, 'terminal');
}

// As on the site (routes/public/report-bike.tsx): the form comes after the page's first load.
const ReportBikePage = deferredForm(() =>
  import('~/features/bike-reports/report-form').then((module) => module.ReportBikePage),
);

export default function TerminalReport({ loaderData, actionData }: Route.ComponentProps) {
  return <ReportBikePage loaderData={loaderData} actionData={actionData} />;
}
