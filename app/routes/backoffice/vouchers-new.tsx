import { data, Form, redirect } from 'react-router';
import type { Route } from './+types/vouchers-new';
import { business } from '~/config/business';
import { servicesContext } from '~/context';
import { fourEyesAmounts } from '~/features/back-office-settings/public.server';
import { createVoucherBatch, euroAmountSchema, newFormToken } from '~/features/goodwill/public.server';
import { backOfficePath } from '~/i18n/back-office-routes';
import { useT } from '~/i18n/hooks';
import { formatEuro } from '~/i18n/intl-formats';
import type { Locale } from '~/i18n/locales';
import { berlinDate } from '~/platform/berlin-date';
import { z } from '~/platform/validation';
import { csrfFor } from '~/shared/security/form-page.server';
import { parseForm } from '~/shared/security/parse-form.server';
import { submittedForm } from '~/shared/security/submitted-form.server';
import { backOfficeMeta, backOfficeTitle } from './back-office-page';
import { MoneyField } from './money-fields';
import { fieldErrors, moneyActor, pageLocale, typedValues } from './money-page.server';

export const meta = backOfficeMeta;

const fields = ['count', 'value', 'expiresOn'] as const;

function latestExpiry(today: string): string {
  return `${Number(today.slice(0, 4)) + business.backOffice.voucherBatch.maxYearsAhead}${today.slice(4)}`;
}

function batchSchema(locale: Locale, today: string) {
  const { maxCount, maxValueCents } = business.backOffice.voucherBatch;
  const valueMessage = `backoffice.vouchers.value.invalid?max=${encodeURIComponent(formatEuro(maxValueCents, locale))}`;
  const expiryMessage = `backoffice.vouchers.expiry.invalid?latest=${latestExpiry(today)}`;
  return z.object({
    intent: z.literal('create'),
    formToken: z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/)),
    count: z
      .pipe(
        z
          .string(`backoffice.vouchers.count.invalid?max=${maxCount}`)
          .check(z.trim(), z.regex(/^\d{1,6}$/, `backoffice.vouchers.count.invalid?max=${maxCount}`)),
        z.transform(Number),
      )
      .check(z.refine((count) => count >= 1 && count <= maxCount, `backoffice.vouchers.count.invalid?max=${maxCount}`)),
    value: euroAmountSchema(locale, maxValueCents, valueMessage),
    expiresOn: z.string(expiryMessage).check(
      z.regex(/^\d{4}-\d{2}-\d{2}$/, expiryMessage),
      z.refine((date) => date >= today && date <= latestExpiry(today), expiryMessage),
    ),
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const limits = await fourEyesAmounts(context.get(servicesContext).db);
  const csrf = csrfFor(request, context);
  const today = berlinDate(new Date());
  return data(
    {
      title: backOfficeTitle(context, 'backoffice.page.vouchersNew'),
      csrf: csrf.token,
      formToken: newFormToken(),
      today,
      latest: latestExpiry(today),
      maxCount: business.backOffice.voucherBatch.maxCount,
      threshold: formatEuro(limits.voucherBatchAboveCents, pageLocale(context)),
    },
    { headers: csrf.headers },
  );
}

/** Creates the batch (pending above the four-eyes amount) and shows it; a double submit creates one batch. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await submittedForm(request, context);
  const submission = parseForm(form, batchSchema(pageLocale(context), berlinDate(new Date())));
  const values = typedValues(form, fields);
  if (submission.status !== 'success') {
    const errors = fieldErrors(submission.error);
    if (errors.formToken || errors.intent) throw data({ message: 'form.refused' }, { status: 400 });
    return data({ values, errors }, { status: 400 });
  }
  const { count, value, expiresOn, formToken } = submission.value;
  const outcome = await createVoucherBatch(context.get(servicesContext), moneyActor(context), {
    count,
    valueCents: value,
    expiresOn,
    formToken,
  });
  if (!outcome.ok) {
    if (outcome.error === 'form-token') throw data({ message: 'form.refused' }, { status: 400 });
    const field = outcome.error === 'expiry' ? 'expiresOn' : outcome.error;
    return data({ values, errors: { [field]: `backoffice.vouchers.${outcome.error}.invalid` } }, { status: 400 });
  }
  const done = outcome.batch.state === 'pending' ? 'pending' : 'created';
  return redirect(
    `${backOfficePath('voucherBatch')}?${new URLSearchParams({ id: outcome.batch.id, done }).toString()}`,
  );
}

export default function VouchersNew({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const values: Record<string, string> = actionData?.values ?? {};
  const errors: Record<string, string> = actionData?.errors ?? {};
  return (
    <>
      <div className="page-title">
        <h1>{t('backoffice.page.vouchersNew')}</h1>
      </div>
      <p>{t('backoffice.vouchers.new.intro', { threshold: loaderData.threshold })}</p>
      <Form method="post" className="form" reloadDocument noValidate>
        {Object.keys(errors).length ? (
          <p className="form__error" role="alert">
            {t('backoffice.money.form-errors')}
          </p>
        ) : null}
        <input type="hidden" name="csrf" value={loaderData.csrf} />
        <input type="hidden" name="intent" value="create" />
        <input type="hidden" name="formToken" value={loaderData.formToken} />
        <MoneyField id="batch-count" label={t('backoffice.vouchers.count')} error={errors.count}>
          {(attributes) => (
            <input
              {...attributes}
              className="field__input"
              name="count"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              required
              maxLength={6}
              defaultValue={values.count}
            />
          )}
        </MoneyField>
        <MoneyField
          id="batch-value"
          label={t('backoffice.vouchers.value-euro')}
          hint={t('backoffice.money.amount.hint')}
          error={errors.value}
        >
          {(attributes) => (
            <input
              {...attributes}
              className="field__input"
              name="value"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              required
              maxLength={12}
              defaultValue={values.value}
            />
          )}
        </MoneyField>
        <MoneyField id="batch-expiry" label={t('backoffice.vouchers.expires-on')} error={errors.expiresOn}>
          {(attributes) => (
            <input
              {...attributes}
              className="field__input"
              name="expiresOn"
              type="date"
              required
              min={loaderData.today}
              max={loaderData.latest}
              defaultValue={values.expiresOn}
            />
          )}
        </MoneyField>
        <button type="submit" className="button">
          {t('backoffice.vouchers.submit')}
        </button>
      </Form>
    </>
  );
}
