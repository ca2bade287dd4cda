import type { Route } from './+types/embedded-service-layout';
import { RouteErrorBoundary } from '~/ui/components/error-screen';
import { errorPageMeta } from '~/ui/page-meta';
import { EmbeddedMain } from '~/ui/layouts/embedded-main';
import { requireServedPage } from '~/request-scope.server';

/**
 * A page of another brand, or the terminal where the brand has none, is not found
 * (docs/rules/reports.md#report-pages-per-brand).
 */
export function loader({ url, context }: Route.LoaderArgs) {
  return requireServedPage(url, context);
}

/**
 * Pages the native apps show in a web view: content only, no header or footer links that would
 * leave the app's flow.
 */
export default function EmbeddedServiceLayout() {
  return <EmbeddedMain />;
}

export const meta = errorPageMeta;

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
