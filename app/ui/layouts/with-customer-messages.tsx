import { Activity, type ReactNode } from 'react';
// The page's language's customer messages are requested when this module runs (customer.ts).
import { useCustomerMessages } from '~/i18n/messages/customer';

/**
 * Renders its children once the page's language has its customer messages (app/i18n/messages/customer.ts).
 * The boundary is an `Activity`, as for a deferred form (app/ui/form/deferred-form.tsx): until the messages
 * are there the content is the server's HTML, whose links and forms work as without JavaScript; on a
 * client-side navigation the router keeps the previous page until they are there.
 */
export function WithCustomerMessages({ children }: { children: ReactNode }) {
  return (
    <Activity mode="visible">
      <Waiting>{children}</Waiting>
    </Activity>
  );
}

function Waiting({ children }: { children: ReactNode }) {
  useCustomerMessages();
  return children;
}
