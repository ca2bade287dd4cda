import { Outlet } from 'react-router';
// The messages beyond the general ones (app/i18n/messages/complete.ts), for every page below.
import '~/i18n/messages/complete';

/**
 * A pathless layout that brings the whole message catalogue to the browser with the pages below
 * it: app/routes.ts puts every page the route table marks `messages: 'all'` under it, so that a
 * route module never imports the catalogue itself. The self-service and terminal layouts load it for
 * all their pages; the main view's and the web views' pages bring it only when they need it, so a
 * content page's first load stays small (docs/decisions/0014).
 */
export default function AllMessagesLayout() {
  return <Outlet />;
}
