import { Activity, use, type ComponentType } from 'react';
import { useCustomerMessages } from '~/i18n/messages/customer';

/**
 * A form page's content in a chunk of its own, so that it is not part of the page's first load
 * (docs/decisions/0016): the form kit, Conform and the messages beyond the general ones.
 *
 * The server renders it like any component. In the browser its chunk is requested as soon as the
 * route module runs; React hydrates the rest of the page meanwhile and leaves the server's markup of
 * the form as it is, then hydrates it when the chunk is there. Until then the form is the server's
 * plain HTML form: typing works, sending it posts it to the server. It hydrates once the page's
 * language has its customer messages too (app/i18n/messages/customer.ts), so hydration sees the
 * server's text.
 *
 * The boundary is an `Activity`, not a `Suspense`: React hydrates both on their own and leaves them
 * as the server rendered them while their code is missing, but the server streams a large Suspense
 * boundary's content apart from the page (hidden, and put in place by an inline script), which a
 * browser without JavaScript never shows. On a client-side navigation nothing catches the
 * suspension, so the router's transition keeps the previous page until the form can show.
 *
 * `load` runs once, when the route module is evaluated (on the server at start-up, so requests find
 * it loaded). A chunk that fails to load sets off the reload guard (app/platform/reload-guard.ts)
 * and otherwise the route's error boundary, like a route module that fails to load.
 */
export function deferredForm<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  const loading = load();
  // Rendering rethrows a failure; this only keeps it from also being an unhandled rejection.
  loading.catch(() => {});

  function Loaded(props: Props) {
    // Once React has seen the promise settled, `use` answers at once: it suspends only while the
    // chunk is on its way (and for a moment the first time it meets the promise).
    const Content = use(loading);
    useCustomerMessages();
    return <Content {...props} />;
  }

  return function DeferredForm(props: Props) {
    return (
      <Activity mode="visible">
        <Loaded {...props} />
      </Activity>
    );
  };
}
