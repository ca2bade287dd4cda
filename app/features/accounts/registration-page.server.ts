import { data } from 'react-router';
import { answerTiming } from '~/config/answer-timing';
import { actionCodePattern, campaignFor } from '~/config/campaigns';
import { pageContext, requestContext, servicesContext, type PageHandlerArgs } from '~/context';
import { listTariffs } from '~/features/tariffs/public.server';
import { verifyAddressField } from '~/shared/geocoding/address-verification.server';
import { redirectCarrying } from '~/shared/navigation/redirect-carrying';
import { honeypotFieldName } from '~/shared/security/form-fields';
import { csrfFor } from '~/shared/security/form-page.server';
import { allowRegistration } from '~/shared/security/login-throttle.server';
import { withMinimumDuration } from '~/shared/security/minimum-duration';
import { parseForm } from '~/shared/security/parse-form.server';
import { submittedForm } from '~/shared/security/submitted-form.server';
import { registerCustomer } from './registration.server';
import { registrationSchemaFor } from './registration-schema';
import { countryOptions } from '~/features/driving-licence/public';
import { asksForDrivingLicence } from '~/features/driving-licence/public.server';

/**
 * The registration page's data, on the site (routes/auth/register.tsx) and at the station terminal
 * (routes/public/terminal-register.tsx): the brand's tariffs, the issuing countries of a driving licence
 * where the brand asks for one, the campaign of a well-formed action
 * code in the address, and whether the form was sent.
 */
export async function registrationPageLoader({ request, url, context }: PageHandlerArgs) {
  const { database, config } = context.get(servicesContext);
  const csrf = csrfFor(request, context);
  const tariffs = await listTariffs(database.db, config.brand);
  const { locale } = context.get(pageContext);
  return data(
    {
      csrf: csrf.token,
      // Car sharing asks for the driving licence: the issuing countries, named in the page's language.
      licenceCountries: asksForDrivingLicence(config.brand) ? countryOptions(locale) : null,
      // Every price and the term: the choice and the order summary before the button name them
      // (docs/rules/accounts.md#registration).
      tariffs: tariffs.map((tariff) => ({
        id: tariff.id,
        nameDe: tariff.nameDe,
        nameEn: tariff.nameEn,
        baseFeeCents: tariff.baseFeeCents,
        baseFeePeriod: tariff.baseFeePeriod,
        ridePriceCents: tariff.ridePriceCents,
        rideBlockMinutes: tariff.rideBlockMinutes,
        freeMinutes: tariff.freeMinutes,
        dailyCapCents: tariff.dailyCapCents,
        term: tariff.term,
        firstTermMonths: tariff.firstTermMonths,
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

/**
 * A sent registration form: every sender sees the same "done" page, whether the address was new,
 * already registered or the sender a bot, and after the same time. No session either way: a session
 * only for a new address would tell that the address was free; the new customer logs in like every
 * customer (docs/decisions/0020-account-safety.md), which a shared terminal needs too.
 */
export async function registrationPageAction({ request, url, context }: PageHandlerArgs) {
  const services = context.get(servicesContext);
  const formData = await submittedForm(request, context);
  const donePath = `${url.pathname}?done=1`;
  // A filled honeypot is a bot: it gets the same answer as everyone, and nothing happens.
  if (formData.get(honeypotFieldName)) return redirectCarrying(url, donePath);
  const { clientIp } = context.get(requestContext);
  const addressChoices = await verifyAddressField(services, formData, clientIp);
  const submission = parseForm(formData, registrationSchemaFor(asksForDrivingLicence(services.config.brand)));
  const reply = (options: Parameters<typeof submission.reply>[0] = {}) => ({
    result: submission.reply({ ...options, hideFields: ['password'] }),
    addressChoices,
  });
  if (submission.status !== 'success') return reply();
  if (!(await allowRegistration(services.rateLimits, clientIp))) return reply({ formErrors: ['register.too-many'] });
  const { locale } = context.get(pageContext);
  // New and already registered addresses answer alike, also in time.
  const outcome = await withMinimumDuration(answerTiming.registrationMs, () =>
    registerCustomer(services, submission.value, { locale }),
  );
  if (outcome.kind === 'invalid') return reply({ fieldErrors: { [outcome.field]: [outcome.message] } });
  return redirectCarrying(url, donePath);
}
