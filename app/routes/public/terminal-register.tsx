import type { Route } from './+types/terminal-register';
import { translator } from '~/i18n/translate';
import Register from '~/routes/auth/register';
import { privatePageHeaders } from '~/ui/page-meta';

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches.find((match) => match?.id === 'root')?.data as { locale?: 'de' | 'en' } | undefined;
  return [
    { title: `${translator(root?.locale ?? 'de')('page.register.title')} – Terminal` },
    { name: 'robots', content: 'noindex' },
  ];
};
export const headers = privatePageHeaders;

/**
 * Registration at the station terminal (`/de/terminal/registrieren`): the site's registration form,
 * page data and action (routes/auth/register.tsx), inside the terminal's frame. Registration
 * creates no session anywhere, which a shared terminal needs too: the next person must not find
 * the account logged in. The new customer confirms their email and logs in on their own device.
 */
export { action, loader } from '~/routes/auth/register';

export default Register;
