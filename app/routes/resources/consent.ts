import { redirect } from 'react-router';
import type { Route } from './+types/consent';
import { servicesContext } from '~/context';
import { consentCookie, isConsentChoice } from '~/shared/consent/consent-cookie';
import { safeReturnPath } from '~/features/consent/consent-request';
import { submittedForm } from '~/shared/security/submitted-form.server';

/**
 * `POST /resources/consent` (choice, returnTo, csrf): the consent dialog without JavaScript. Stores
 * the choice in the consent cookie and goes back to the page it came from. With JavaScript the
 * dialog writes the same cookie in the browser and never comes here. CSRF-checked by the root
 * middleware like every POST, so no other site can give consent in a visitor's name.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { config } = context.get(servicesContext);
  const form = await submittedForm(request, context);
  const choice = form.get('choice');
  if (!isConsentChoice(choice)) {
    throw new Response('Bad Request', { status: 400, headers: { 'Cache-Control': 'no-store' } });
  }
  return redirect(safeReturnPath(form.get('returnTo')), {
    status: 303,
    headers: {
      'Set-Cookie': consentCookie(choice, config.publicUrl.startsWith('https:')),
      'Cache-Control': 'no-store',
    },
  });
}

export function loader() {
  throw new Response('Method Not Allowed', { status: 405, headers: { Allow: 'POST' } });
}
