import { data, redirect } from 'react-router';
import type { Route } from './+types/register';
import { requestContext, servicesContext } from '~/context';
import { accountContext, withMinimumDuration } from '~/features/accounts/account-context';
import { registerCustomer } from '~/features/accounts/registration.server';
import { verifyAddressField } from '~/shared/geocoding/address-verification.server';
import { registrationSchema } from '~/features/accounts/registration-schema';
import { honeypotFieldName } from '~/shared/security/form-fields';
import { csrfFor } from '~/shared/security/form-page.server';
import { allowRegistration } from '~/shared/security/login-throttle.server';
import { listTariffs } from '~/features/tariffs/tariffs.server';
import { defaultLocale, localeFromPath } from '~/i18n/locales';
import { translator } from '~/i18n/translate';
import { deferredForm } from '~/ui/form/deferred-form';
import { namedPageMeta } from '~/ui/page-meta';
import { actionCodePattern, campaignFor } from '~/config/campaigns';
import { parseForm } from '~/shared/security/parse-form.server';
import { submittedForm } from '~/shared/security/submitted-form.server';

/** Once registered, the tab says so too, not "Register" (WCAG 2.4.2). */
export const meta: Route.MetaFunction = (args) => {
  const tags = namedPageMeta(args);
  if (!new URLSearchParams(args.location.search).has('done')) return tags;
  const t = translator(localeFromPath(args.location.pathname) ?? defaultLocale);
  return tags.map((tag) => ('title' in tag ? { title: t('register.done.title') } : tag));
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const { database, config } = context.get(servicesContext);
  const url = new URL(request.url);
  const csrf = csrfFor(request, context);
  const tariffs = await listTariffs(database.db, config.brand);
  return data(
    {
      csrf: csrf.token,
      tariffs: tariffs.map(({ id, nameDe, nameEn, baseFeeCents, baseFeePeriod, term }) => ({
        id,
        nameDe,
        nameEn,
        baseFeeCents,
        baseFeePeriod,
        term,
      })),
      ...campaignOffer(url.searchParams.get('actioncode'), tariffs),
      done: url.searchParams.has('done'),
    },
    { headers: csrf.headers },
  );
}

/**
 * The action code of the address, when it is well formed, and what its campaign offers. The form
 * starts on the brand's first tariff whatever the code: a campaign's tariff is recommended, never
 * chosen for the customer (docs/decisions/0029-phones-and-dead-ends.md).
 */
function campaignOffer(requested: string | null, tariffs: readonly { id: string }[]) {
  const actionCode = requested && actionCodePattern.test(requested) ? requested : '';
  const campaign = campaignFor(actionCode);
  const recommended = tariffs.find((tariff) => tariff.id === campaign?.recommendedTariffId)?.id;
  return {
    actionCode,
    startBonusCents: campaign?.startBonusCents ?? 0,
    recommendedTariffId: recommended,
    tariffId: tariffs[0]?.id,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const formData = await submittedForm(request, context);
  const url = new URL(request.url);
  const donePath = `${url.pathname}?done=1`;
  // A filled honeypot is a bot: it gets the same answer as everyone, and nothing happens.
  if (formData.get(honeypotFieldName)) return redirect(donePath);
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
  const outcome = await withMinimumDuration(600, () =>
    registerCustomer(accountContext(services), submission.value, { locale }),
  );
  if (outcome.kind === 'invalid') return reply({ fieldErrors: { [outcome.field]: [outcome.message] } });
  // No session either way: a session only for a new address would tell that the address was free.
  // The new customer logs in like every customer (docs/decisions/0020-account-safety.md).
  return redirect(donePath);
}

// The form and its messages come after the page's first load (docs/decisions/0016).
const RegistrationPage = deferredForm(() =>
  import('~/features/accounts/components/registration-page').then((module) => module.RegistrationPage),
);

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  return <RegistrationPage {...loaderData} result={actionData?.result} addressChoices={actionData?.addressChoices} />;
}
