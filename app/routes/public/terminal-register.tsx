import { redirect } from 'react-router';
import type { Route } from './+types/terminal-register';
import { requestContext, servicesContext } from '~/context';
import { accountContext, withMinimumDuration } from '~/features/accounts/account-context';
import { registrationSchema } from '~/features/accounts/registration-schema';
import { registerCustomer } from '~/features/accounts/registration.server';
import { verifyAddressField } from '~/features/geocoding/address-verification.server';
import { honeypotFieldName } from '~/features/security/form-fields';
import { allowRegistration } from '~/features/security/login-throttle.server';
import { defaultLocale, localeFromPath } from '~/i18n/locales';
import { translator } from '~/i18n/translate';
import Register, { loader as registerLoader } from '~/routes/auth/register';
import { privatePageHeaders } from '~/ui/page-meta';
import { parseForm } from '~/features/security/parse-form.server';
import { submittedForm } from '~/features/security/submitted-form.server';

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches.find((match) => match?.id === 'root')?.data as { locale?: 'de' | 'en' } | undefined;
  return [
    { title: `${translator(root?.locale ?? 'de')('page.register.title')} – Terminal` },
    { name: 'robots', content: 'noindex' },
  ];
};
export const headers = privatePageHeaders;

/**
 * Registration at the station terminal (`/de/terminal/registrieren`): the site's registration form
 * and page data (routes/auth/register.tsx), inside the terminal's frame. The action differs in one
 * point: it creates no session. A terminal is shared; the next person must not find the account
 * logged in. The new customer confirms their email and logs in on their own device.
 */
export const loader = registerLoader;

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const formData = await submittedForm(request, context);
  const url = new URL(request.url);
  const donePath = `${url.pathname}?done=1`;
  if (formData.get(honeypotFieldName)) return redirect(donePath);
  const addressChoices = await verifyAddressField(services, formData);
  const submission = parseForm(formData, registrationSchema);
  const reply = (options: Parameters<typeof submission.reply>[0] = {}) => ({
    result: submission.reply({ ...options, hideFields: ['password'] }),
    addressChoices,
  });
  if (submission.status !== 'success') return reply();
  if (!(await allowRegistration(services.rateLimits, context.get(requestContext).clientIp))) {
    return reply({ formErrors: ['register.too-many'] });
  }
  const locale = localeFromPath(url.pathname) ?? defaultLocale;
  // New and already registered addresses answer alike, also in time (as on the site).
  const outcome = await withMinimumDuration(600, () =>
    registerCustomer(accountContext(services), submission.value, { locale }),
  );
  if (outcome.kind === 'invalid') return reply({ fieldErrors: { [outcome.field]: [outcome.message] } });
  return redirect(donePath);
}

export default Register;
