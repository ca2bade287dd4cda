import type { Route } from './+types/register';
import { RegistrationRoutePage } from '~/features/accounts/components/registration-route-page';
import { registrationPageAction, registrationPageLoader } from '~/features/accounts/registration-page.server';
import { defaultLocale, localeFromPath } from '~/i18n/locales';
import { translator } from '~/i18n/translate';
import { brandedPageTitle, metaBrand, namedPageMeta } from '~/ui/page-meta';

/** Once registered, the tab says so too, not "Register" (WCAG 2.4.2). */
export const meta: Route.MetaFunction = (args) => {
  const tags = namedPageMeta(args);
  if (!new URLSearchParams(args.location.search).has('done')) return tags;
  const t = translator(localeFromPath(args.location.pathname) ?? defaultLocale, metaBrand(args.matches).id);
  return tags.map((tag) => ('title' in tag ? brandedPageTitle(args.matches, t('register.done.title')) : tag));
};

export function loader(args: Route.LoaderArgs) {
  return registrationPageLoader(args);
}

export function action(args: Route.ActionArgs) {
  return registrationPageAction(args);
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  return <RegistrationRoutePage loaderData={loaderData} actionData={actionData} />;
}
