import { Outlet } from 'react-router';
import { WithCustomerMessages } from './with-customer-messages';

/**
 * A pathless layout over every page the route table marks `messages: 'all'` (app/routes.ts), so that
 * a route module never imports the catalogue itself and a content page's first load stays small
 * (docs/decisions/0014). The pages below hydrate once the catalogue is there, as a form page's form
 * does (app/ui/form/deferred-form.tsx, docs/decisions/0016): until then they are the server's HTML,
 * whose links and forms work as they do without JavaScript; on a client-side navigation the router
 * keeps the previous page until they can show.
 */
export default function AllMessagesLayout() {
  return (
    <WithCustomerMessages>
      <Outlet />
    </WithCustomerMessages>
  );
}
