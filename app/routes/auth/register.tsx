import type { Route } from './+types/register';
import { RegistrationRoutePage } from '~/features/accounts/components/registration-route-page';
import { registrationPageAction, registrationPageLoader } from '~/features/accounts/registration-page.server';
import { namedPageMeta } from '~/ui/page-meta';

export const meta = namedPageMeta;

export function loader(args: Route.LoaderArgs) {
  return registrationPageLoader(args);
}

export function action(args: Route.ActionArgs) {
  return registrationPageAction(args);
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  return <RegistrationRoutePage loaderData={loaderData} actionData={actionData} />;
}
