import { useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect, useActionData, useLoaderData, useSearchParams } from 'react-router';
import type { Route } from './+types/register';
import { requestContext, servicesContext } from '~/context';
import { accountContext, withMinimumDuration } from '~/features/accounts/account-context';
import { registerCustomer } from '~/features/accounts/registration.server';
import { verifyAddressField } from '~/features/geocoding/address-verification.server';
import { registrationSchema, salutations } from '~/features/accounts/registration-schema';
import { createSession, sessionCookie } from '~/features/accounts/sessions.server';
import { honeypotFieldName } from '~/features/security/form-fields';
import { csrfFor } from '~/features/security/form-page.server';
import { allowRegistration } from '~/features/security/login-throttle.server';
import { listTariffs } from '~/features/tariffs/tariffs.server';
import { useLocale, useT } from '~/i18n/hooks';
import { findPage } from '~/i18n/route-table';
import { formatEuro } from '~/i18n/translate';
import { PageTitle } from '~/ui/components/page-header';
import { AddressChoices, AddressField } from '~/ui/form/address-field';
import { AppForm } from '~/ui/form/app-form';
import { CheckboxField, DateField, PasswordField, SelectField, TextField } from '~/ui/form/inputs';
import { PhoneField } from '~/ui/form/phone-field';
import { namedPageMeta } from '~/ui/page-meta';
import { actionCodePattern, campaignFor } from '~/config/campaigns';
import { baseFeeText } from '~/features/tariffs/tariff-text';
// The messages beyond the general ones (app/i18n/messages/complete.ts).
import '~/i18n/messages/complete';
import { submittedForm } from '~/features/security/submitted-form.server';

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
  if (formData.get(honeypotFieldName)) return redirect(donePath);
  const addressChoices = await verifyAddressField(services, formData);
  const submission = parseWithZod(formData, { schema: registrationSchema });
  const reply = (options: Parameters<typeof submission.reply>[0] = {}) => ({
    result: submission.reply({ ...options, hideFields: ['password'] }),
    addressChoices,
  });
  if (submission.status !== 'success') return reply();
  const { clientIp } = context.get(requestContext);
  if (!(await allowRegistration(services.rateLimits, clientIp))) return reply({ formErrors: ['register.too-many'] });
  const locale = findPage(url.pathname)?.locale ?? 'de';
  // New and already registered addresses answer alike, also in time.
  const outcome = await withMinimumDuration(600, () =>
    registerCustomer(accountContext(services), submission.value, { locale }),
  );
  if (outcome.kind === 'invalid') return reply({ fieldErrors: { [outcome.field]: [outcome.message] } });
  if (outcome.kind === 'neutral') return redirect(donePath);
  const session = await createSession(
    services.database.db,
    outcome.customerId,
    request.headers.get('user-agent') ?? '',
  );
  return redirect(donePath, {
    headers: {
      'Set-Cookie': sessionCookie(session.token, session.expiresAt, services.config.publicUrl.startsWith('https:')),
    },
  });
}

export default function Register() {
  const t = useT();
  const locale = useLocale();
  const { csrf, tariffs, actionCode, startBonusCents, tariffId, done } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    defaultValue: { tariffId, actionCode, phone: { regionCode: 'DE' } },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: registrationSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  if (done || searchParams.has('done')) {
    return (
      <div className="narrow">
        <PageTitle page="register" />
        <p className="notice" role="status">
          {t('register.done')}
        </p>
      </div>
    );
  }
  const tariffOptions = tariffs.map((tariff) => ({
    value: tariff.id,
    label: t('register.tariff-option', {
      name: locale === 'de' ? tariff.nameDe : tariff.nameEn,
      fee: baseFeeText(tariff, t, locale),
    }),
  }));
  return (
    <div className="narrow">
      <PageTitle page="register">
        <p>{t('register.intro')}</p>
      </PageTitle>
      <AppForm form={form} csrfToken={csrf} honeypot>
        {actionCode ? (
          <p className="notice">
            <input type="hidden" name={fields.actionCode.name} value={actionCode} />
            {startBonusCents > 0
              ? t('register.action-code-bonus', { code: actionCode, amount: formatEuro(startBonusCents, locale) })
              : t('register.action-code', { code: actionCode })}
          </p>
        ) : null}
        <fieldset>
          <legend>{t('register.personal')}</legend>
          <SelectField
            field={fields.salutation}
            label={t('field.salutation')}
            required
            autoComplete="honorific-prefix"
            options={[
              { value: '', label: t('salutation.choose') },
              ...salutations.map((value) => ({ value, label: t(`salutation.${value}`) })),
            ]}
          />
          <TextField field={fields.firstName} label={t('field.first-name')} autoComplete="given-name" required />
          <TextField field={fields.lastName} label={t('field.last-name')} autoComplete="family-name" required />
          <DateField field={fields.birthDate} label={t('field.birth-date')} autoComplete="bday" required />
        </fieldset>
        <fieldset>
          <legend>{t('register.contact')}</legend>
          <PhoneField field={fields.phone} required />
          <AddressField field={fields.address} required />
          <AddressChoices choices={actionData?.addressChoices ?? []} />
        </fieldset>
        <fieldset>
          <legend>{t('register.account')}</legend>
          <TextField field={fields.email} type="email" label={t('field.email')} autoComplete="email" required />
          <PasswordField
            field={fields.password}
            label={t('field.password')}
            hint={t('password.hint')}
            autoComplete="new-password"
            required
          />
        </fieldset>
        <fieldset>
          <legend>{t('register.tariff')}</legend>
          <SelectField field={fields.tariffId} label={t('field.tariff')} required options={tariffOptions} />
        </fieldset>
        <fieldset>
          <legend>{t('register.consents')}</legend>
          <CheckboxField field={fields.acceptTerms} label={t('field.accept-terms')} required />
          <CheckboxField field={fields.newsletter} label={t('field.newsletter')} />
        </fieldset>
        <button type="submit" className="button">
          {t('register.submit')}
        </button>
      </AppForm>
    </div>
  );
}
