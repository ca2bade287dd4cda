import type { Route } from './+types/terminal-register';
import { RegistrationRoutePage } from '~/features/accounts/components/registration-route-page';
import { registrationPageAction, registrationPageLoader } from '~/features/accounts/registration-page.server';
import { translator } from '~/i18n/translate';
import { brandedPageTitle, metaBrand, privatePageHeaders } from '~/ui/page-meta';

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches.find((match) => match?.id === 'root')?.data as { locale?: 'de' | 'en' } | undefined;
  return [
    brandedPageTitle(
      matches,
      `${translator(root?.locale ?? 'de', metaBrand(matches).id)('page.register.title')} – Terminal`,
    ),
    { name: 'robots', content: 'noindex' },
  ];
};
export const headers = privatePageHeaders;

/**
 * Registration at the station terminal (`/de/terminal/registrieren`): the site's registration page
 * and action (features/accounts/registration-page.server.ts) inside the terminal's frame; only the
 * title and the cache headers differ. Registration creates no session anywhere, which a shared
 * terminal needs: the next person must not find the account logged in. The new customer confirms
 * their email and logs in on their own device.
 */
export function loader(args: Route.LoaderArgs) {
  return registrationPageLoader(args);
}

export function action(args: Route.ActionArgs) {
  return registrationPageAction(args);
}

export default function TerminalRegister({ loaderData, actionData }: Route.ComponentProps) {
  return <RegistrationRoutePage loaderData={loaderData} actionData={actionData} atTerminal />;
}
