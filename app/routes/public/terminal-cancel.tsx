import type { Route } from './+types/terminal-cancel';
import {
  publicCancellationPageAction,
  publicCancellationPageLoader,
} from '~/features/contract/public-cancellation-page.server';
import { translator } from '~/i18n/translate';
import { deferredForm } from '~/ui/form/deferred-form';
import { brandedPageTitle, metaBrand, privatePageHeaders } from '~/ui/page-meta';

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches.find((match) => match?.id === 'root')?.data as { locale?: 'de' | 'en' } | undefined;
  return [
    brandedPageTitle(
      matches,
      `${translator(root?.locale ?? 'de', metaBrand(matches).id)('page.cancelContract.title')} – Terminal`,
    ),
    { name: 'robots', content: 'noindex' },
  ];
};
export const headers = privatePageHeaders;

/**
 * The cancellation button at the station terminal (`/de/terminal/kuendigen`): the site's page and action
 * (features/contract/public-cancellation-page.server.ts) inside the terminal's frame, with its idle timeout.
 */
export function loader(args: Route.LoaderArgs) {
  return publicCancellationPageLoader(args);
}

export function action(args: Route.ActionArgs) {
  return publicCancellationPageAction(args);
}

const PublicCancellationPage = deferredForm(() =>
  import('~/features/contract/components/cancellation-page').then((module) => module.PublicCancellationPage),
);

export default function TerminalCancel({ loaderData, actionData }: Route.ComponentProps) {
  return <PublicCancellationPage {...loaderData} result={actionData?.result} />;
}
