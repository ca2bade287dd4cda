import type { Route } from './+types/terminal-withdraw';
import {
  publicWithdrawalPageAction,
  publicWithdrawalPageLoader,
} from '~/features/contract/public-withdrawal-page.server';
import { translator } from '~/i18n/translate';
import { deferredForm } from '~/ui/form/deferred-form';
import { brandedPageTitle, metaBrand, privatePageHeaders } from '~/ui/page-meta';

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches.find((match) => match?.id === 'root')?.data as { locale?: 'de' | 'en' } | undefined;
  return [
    brandedPageTitle(
      matches,
      `${translator(root?.locale ?? 'de', metaBrand(matches).id)('page.withdrawContract.title')} – Terminal`,
    ),
    { name: 'robots', content: 'noindex' },
  ];
};
export const headers = privatePageHeaders;

/**
 * The withdrawal function at the station terminal (`/de/terminal/widerrufen`): the site's page and action
 * (features/contract/public-withdrawal-page.server.ts) inside the terminal's frame, with its idle timeout.
 */
export function loader(args: Route.LoaderArgs) {
  return publicWithdrawalPageLoader(args);
}

export function action(args: Route.ActionArgs) {
  return publicWithdrawalPageAction(args);
}

const WithdrawalPage = deferredForm(() =>
  import('~/features/contract/components/withdrawal-page').then((module) => module.WithdrawalPage),
);

export default function TerminalWithdraw({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <WithdrawalPage
      {...loaderData}
      result={actionData?.result}
      review={actionData?.review}
      edited={actionData?.edited}
    />
  );
}
