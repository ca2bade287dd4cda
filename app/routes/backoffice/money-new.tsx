import { data, Form, redirect } from 'react-router';
import type { Route } from './+types/money-new';
import { business } from '~/config/business';
import { servicesContext } from '~/context';
import { fourEyesAmounts } from '~/features/back-office-settings/public.server';
import { customerIdByNumber, euroAmountSchema, newFormToken, requestMoney } from '~/features/goodwill/public.server';
import { backOfficePath } from '~/i18n/back-office-routes';
import { useT } from '~/i18n/hooks';
import { formatEuro } from '~/i18n/intl-formats';
import type { Locale } from '~/i18n/locales';
import { z } from '~/platform/validation';
import { csrfFor } from '~/shared/security/form-page.server';
import { parseForm } from '~/shared/security/parse-form.server';
import { submittedForm } from '~/shared/security/submitted-form.server';
import { backOfficeMeta, backOfficeTitle } from './back-office-page';
import { MoneyField } from './money-fields';
import { fieldErrors, moneyActor, pageLocale, typedValues } from './money-page.server';

export const meta = backOfficeMeta;

const fields = ['customerNumber', 'kind', 'amount', 'reason'] as const;

/** The form's schema in the visitor's language: the amount is read with its decimal mark, strictly. */
function requestSchema(locale: Locale) {
  const { maxMoneyRequestCents, reasonMaxLength } = business.backOffice;
  const amountMessage = `backoffice.money.amount.invalid?max=${encodeURIComponent(formatEuro(maxMoneyRequestCents, locale))}`;
  return z.object({
    intent: z.literal('request'),
    formToken: z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/)),
    customerNumber: z
      .string('backoffice.money.customer-number.invalid')
      .check(z.trim(), z.regex(/^[0-9A-Za-z-]{1,32}$/, 'backoffice.money.customer-number.invalid')),
    kind: z.enum(['goodwill', 'refund'], 'backoffice.money.kind.invalid'),
    amount: euroAmountSchema(locale, maxMoneyRequestCents, amountMessage),
    reason: z
      .string('backoffice.money.reason.invalid')
      .check(
        z.trim(),
        z.minLength(3, 'backoffice.money.reason.invalid'),
        z.maxLength(reasonMaxLength, 'backoffice.money.reason.invalid'),
      ),
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const limits = await fourEyesAmounts(context.get(servicesContext).db);
  const csrf = csrfFor(request, context);
  return data(
    {
      title: backOfficeTitle(context, 'backoffice.page.moneyNew'),
      csrf: csrf.token,
      formToken: newFormToken(),
      threshold: formatEuro(limits.moneyRequestAboveCents, pageLocale(context)),
      reasonMaxLength: business.backOffice.reasonMaxLength,
    },
    { headers: csrf.headers },
  );
}

/**
 * Books a goodwill credit or refund, or leaves it for a second staff member's approval, then shows it
 * (post/redirect/get). The form's one-time token makes a double submit book once: the second finds the
 * request the first made and shows it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await submittedForm(request, context);
  const submission = parseForm(form, requestSchema(pageLocale(context)));
  const values = typedValues(form, fields);
  if (submission.status !== 'success') {
    const errors = fieldErrors(submission.error);
    // A form without its token or intent did not come from this page.
    if (errors.formToken || errors.intent) throw data({ message: 'form.refused' }, { status: 400 });
    return data({ values, errors }, { status: 400 });
  }
  const services = context.get(servicesContext);
  const { customerNumber, kind, amount, reason, formToken } = submission.value;
  const customerId = await customerIdByNumber(services, customerNumber);
  if (!customerId) {
    return data({ values, errors: { customerNumber: 'backoffice.money.customer-number.unknown' } }, { status: 400 });
  }
  const outcome = await requestMoney(services, moneyActor(context), {
    kind,
    customerId,
    amountCents: amount,
    reason,
    formToken,
  });
  if (!outcome.ok) {
    if (outcome.error === 'form-token' || outcome.error === 'kind') {
      throw data({ message: 'form.refused' }, { status: 400 });
    }
    const field = outcome.error === 'unknown-customer' ? 'customerNumber' : outcome.error;
    const message =
      outcome.error === 'unknown-customer'
        ? 'backoffice.money.customer-number.unknown'
        : `backoffice.money.${outcome.error}.invalid`;
    return data({ values, errors: { [field]: message } }, { status: 400 });
  }
  const query = new URLSearchParams({ id: outcome.request.id, done: outcome.booked ? 'booked' : 'pending' });
  return redirect(`${backOfficePath('moneyRequest')}?${query.toString()}`);
}

export default function MoneyNew({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const values: Record<string, string> = actionData?.values ?? {};
  const errors: Record<string, string> = actionData?.errors ?? {};
  return (
    <>
      <div className="page-title">
        <h1>{t('backoffice.page.moneyNew')}</h1>
      </div>
      <p>{t('backoffice.money.new.intro', { threshold: loaderData.threshold })}</p>
      <Form method="post" className="form" reloadDocument noValidate>
        {Object.keys(errors).length ? (
          <p className="form__error" role="alert">
            {t('backoffice.money.form-errors')}
          </p>
        ) : null}
        <input type="hidden" name="csrf" value={loaderData.csrf} />
        <input type="hidden" name="intent" value="request" />
        <input type="hidden" name="formToken" value={loaderData.formToken} />
        <MoneyField id="money-customer" label={t('backoffice.money.customer-number')} error={errors.customerNumber}>
          {(attributes) => (
            <input
              {...attributes}
              className="field__input"
              name="customerNumber"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              required
              maxLength={32}
              defaultValue={values.customerNumber}
            />
          )}
        </MoneyField>
        <MoneyField id="money-kind" label={t('backoffice.money.kind')} error={errors.kind}>
          {(attributes) => (
            <select
              {...attributes}
              className="field__input"
              name="kind"
              required
              defaultValue={values.kind || 'goodwill'}
            >
              <option value="goodwill">{t('backoffice.money.kind.goodwill')}</option>
              <option value="refund">{t('backoffice.money.kind.refund')}</option>
            </select>
          )}
        </MoneyField>
        <MoneyField
          id="money-amount"
          label={t('backoffice.money.amount-euro')}
          hint={t('backoffice.money.amount.hint')}
          error={errors.amount}
        >
          {(attributes) => (
            <input
              {...attributes}
              className="field__input"
              name="amount"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              required
              maxLength={12}
              defaultValue={values.amount}
            />
          )}
        </MoneyField>
        <MoneyField id="money-reason" label={t('backoffice.money.reason')} error={errors.reason}>
          {(attributes) => (
            <textarea
              {...attributes}
              className="field__input"
              name="reason"
              required
              rows={3}
              maxLength={loaderData.reasonMaxLength}
              defaultValue={values.reason}
            />
          )}
        </MoneyField>
        <button type="submit" className="button">
          {t('backoffice.money.submit')}
        </button>
      </Form>
    </>
  );
}
