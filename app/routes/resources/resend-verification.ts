import { redirect } from 'react-router';
import type { Route } from './+types/resend-verification';
import { servicesContext } from '~/context';
import { requireSession } from '~/features/accounts/current-customer.server';
import { resendVerification } from '~/features/accounts/email-verification.server';
import { defaultLocale, localeFromPath } from '~/i18n/locales';
import { safeRedirect } from '~/shared/navigation/safe-redirect';
import { submittedForm } from '~/shared/security/submitted-form.server';

/** The reminder banner's button: a new verification link (at most 3 an hour), then back to the page. */
export async function action({ request, url, context }: Route.ActionArgs) {
  const session = requireSession(url, context);
  const formData = await submittedForm(request, context);
  const back = safeRedirect(formData.get('returnTo'), '/');
  const target = new URL(back, 'http://local.invalid');
  // The mail speaks the language of the page the button was on.
  const locale = localeFromPath(target.pathname) ?? defaultLocale;
  const outcome = await resendVerification(context.get(servicesContext), session.customerId, locale);
  target.searchParams.set('verification', outcome);
  return redirect(`${target.pathname}${target.search}`);
}

export function loader() {
  throw new Response('Method Not Allowed', { status: 405, headers: { Allow: 'POST' } });
}
