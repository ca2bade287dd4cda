import { data } from 'react-router';
import type { Route } from './+types/register';
import { requestContext, servicesContext } from '~/context';
import { withMinimumDuration } from '~/features/accounts/account-context';
import { registerCustomer } from '~/features/accounts/registration.server';
import { verifyAddressField } from '~/shared/geocoding/address-verification.server';
import { registrationSchema } from '~/features/accounts/registration-schema';
import { honeypotFieldName } from '~/shared/security/form-fields';
import { csrfFor } from '~/shared/security/form-page.server';
import { allowRegistration } from '~/shared/security/login-throttle.server';
import { listTariffs } from '~/features/tariffs/tariffs.server';
import { defaultLocale, localeFromPath } from '~/i18n/locales';
import { deferredForm } from '~/ui/form/deferred-form';
import { namedPageMeta } from '~/ui/page-meta';
import { actionCodePattern, campaignFor } from '~/config/campaigns';
import { parseForm } from '~/shared/security/parse-form.server';
import { submittedForm } from '~/shared/security/submitted-form.server';
import { redirectCarrying } from '~/shared/navigation/redirect-carrying';

export const meta = namedPageMeta;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { database, config } = context.get(servicesContext);
  const url = new URL(request.url);
  const csrf = csrfFor(request, context);
  const tariffs = await listTariffs(database.db, config.brand);
  return data(
    {
      csrf: csrf.token,
      tariffs: tariffs.map(({ id, nameDe, nameEn, baseFeeCents, baseFeePeriod }) => ({
        id,
        nameDe,
        nameEn,
        baseFeeCents,
        baseFeePeriod,
      })),
      ...campaignOffer(url.searchParams.get('actioncode'), tariffs),
      done: url.searchParams.has('done'),
    },
    { headers: csrf.headers },
  );
}

/** The action code of the address, when it is well formed, and what its campaign offers. */
function campaignOffer(requested: string | null, tariffs: readonly { id: string }[]) {
  const actionCode = requested && actionCodePattern.test(requested) ? requested : '';
  const campaign = campaignFor(actionCode);
  const preselected = tariffs.find((tariff) => tariff.id === campaign?.preselectedTariffId)?.id;
  return { actionCode, startBonusCents: campaign?.startBonusCents ?? 0, tariffId: preselected ?? tariffs[0]?.id };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const formData = await submittedForm(request, context);
  const url = new URL(request.url);
  const donePath = `${url.pathname}?done=1`;
  // A filled honeypot is a bot: it gets the same answer as everyone, and nothing happens.
  if (formData.get(honeypotFieldName)) return redirectCarrying(request, donePath);
  const addressChoices = await verifyAddressField(services, formData);
  const submission = parseForm(formData, registrationSchema);
  const reply = (options: Parameters<typeof submission.reply>[0] = {}) => ({
    result: submission.reply({ ...options, hideFields: ['password'] }),
    addressChoices,
  });
  if (submission.status !== 'success') return reply();
  const { clientIp } = context.get(requestContext);
  if (!(await allowRegistration(services.rateLimits, clientIp))) return reply({ formErrors: ['register.too-many'] });
  const locale = localeFromPath(url.pathname) ?? defaultLocale;
  // New and already registered addresses answer alike, also in time.
  const outcome = await withMinimumDuration(600, () => registerCustomer(services, submission.value, { locale }));
  if (outcome.kind === 'invalid') return reply({ fieldErrors: { [outcome.field]: [outcome.message] } });
  // No session either way: a session only for a new address would tell that the address was free.
  // The new customer logs in like every customer (docs/decisions/0020-account-safety.md).
  return redirectCarrying(request, donePath);
}

// The form and its messages come after the page's first load (docs/decisions/0016).
const RegistrationPage = deferredForm(() =>
  import('~/features/accounts/components/registration-page').then((module) => module.RegistrationPage),
);

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  return <RegistrationPage {...loaderData} result={actionData?.result} addressChoices={actionData?.addressChoices} />;
}
