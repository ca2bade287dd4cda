import { data, Form, redirect } from 'react-router';
import type { Route } from './+types/settings';
import { business } from '~/config/business';
import { servicesContext } from '~/context';
import {
  changeBackOfficeSettings,
  readBackOfficeSettings,
  type BackOfficeSettings,
  type FourEyesAmounts,
  type FourEyesSettingKey,
} from '~/features/back-office-settings/public.server';
import { euroAmountSchema } from '~/features/goodwill/public.server';
import { auditOrigin, requireStaff, staffNames } from '~/features/staff/public.server';
import { backOfficePath } from '~/i18n/back-office-routes';
import { useT } from '~/i18n/hooks';
import { formatEuro, formatInstant, formatPlainAmount } from '~/i18n/intl-formats';
import type { Locale } from '~/i18n/locales';
import { z } from '~/platform/validation';
import { csrfFor } from '~/shared/security/form-page.server';
import { parseForm } from '~/shared/security/parse-form.server';
import { submittedForm } from '~/shared/security/submitted-form.server';
import { backOfficeMeta, backOfficeTitle } from './back-office-page';
import { MoneyField } from './money-fields';
import { fieldErrors, pageLocale, typedValues } from './money-page.server';

export const meta = backOfficeMeta;

/** The form's fields, one per four-eyes amount (docs/rules/back-office.md#settings). */
const fields = {
  moneyRequestAbove: 'moneyRequestAboveCents',
  voucherBatchAbove: 'voucherBatchAboveCents',
  selfApprovedPerStaff: 'selfApprovedPerStaffCents',
} as const satisfies Record<string, FourEyesSettingKey>;
type Field = keyof typeof fields;
const fieldNames = Object.keys(fields) as Field[];

/** The form's schema in the visitor's language: amounts with its decimal mark, as the money forms read them. */
function settingsSchema(locale: Locale) {
  const max = business.backOffice.fourEyesMaxCents;
  const message = `backoffice.settings.amount.invalid?max=${encodeURIComponent(formatEuro(max, locale))}`;
  const amount = euroAmountSchema(locale, max, message);
  return z.object({
    intent: z.literal('save'),
    version: z.pipe(z.string().check(z.regex(/^\d{1,9}$/)), z.transform(Number)),
    moneyRequestAbove: amount,
    voucherBatchAbove: amount,
    selfApprovedPerStaff: amount,
  });
}

const notices = ['saved', 'unchanged'] as const;

async function current(context: Route.LoaderArgs['context'], settings: BackOfficeSettings) {
  const locale = pageLocale(context);
  const names = settings.updatedByStaffId ? await staffNames(context.get(servicesContext)) : null;
  const defaults = business.backOffice.fourEyesDefaults;
  const perField = <T,>(value: (key: FourEyesSettingKey) => T) =>
    Object.fromEntries(fieldNames.map((name) => [name, value(fields[name])])) as Record<Field, T>;
  return {
    version: settings.version,
    /** As the fields show them: the language's decimal mark, no currency sign, no grouping. */
    values: perField((key) => formatPlainAmount(settings.amounts[key], locale)),
    inForce: perField((key) => formatEuro(settings.amounts[key], locale)),
    defaults: perField((key) => formatEuro(defaults[key], locale)),
    updatedBy: settings.updatedByStaffId ? (names?.get(settings.updatedByStaffId) ?? settings.updatedByStaffId) : null,
    updatedAt: settings.updatedAt ? formatInstant(settings.updatedAt, locale) : null,
  };
}

/** The four-eyes amounts in force, each with its default, and who changed them last. */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const settings = await readBackOfficeSettings(context.get(servicesContext).db);
  const csrf = csrfFor(request, context);
  const done = notices.find((notice) => notice === url.searchParams.get('done')) ?? null;
  return data(
    {
      title: backOfficeTitle(context, 'backoffice.page.settings'),
      csrf: csrf.token,
      done,
      hours: business.backOffice.rollingTotalHours,
      settings: await current(context, settings),
    },
    { headers: csrf.headers },
  );
}

/**
 * Saves the amounts, then shows them (post/redirect/get). A wrong amount is a message next to its
 * field, with what was typed; a page that showed an older version is refused (409) with what was
 * typed still in the fields and the amounts now in force next to them, so nothing is overwritten
 * unseen.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireStaff(context);
  const form = await submittedForm(request, context);
  const submission = parseForm(form, settingsSchema(pageLocale(context)));
  const values = typedValues(form, fieldNames);
  if (submission.status !== 'success') {
    const errors = fieldErrors(submission.error);
    // A form without its intent or version did not come from this page.
    if (errors.intent || errors.version) throw data({ message: 'form.refused' }, { status: 400 });
    return data({ values, errors, stale: false }, { status: 400 });
  }
  const amounts = Object.fromEntries(
    fieldNames.map((name) => [fields[name], submission.value[name]]),
  ) as FourEyesAmounts;
  const outcome = await changeBackOfficeSettings(
    context.get(servicesContext),
    { staffId: staff.staffId, origin: auditOrigin(context) },
    { expectedVersion: submission.value.version, amounts },
  );
  if (outcome.ok) return redirect(`${backOfficePath('settings')}?done=${outcome.changed ? 'saved' : 'unchanged'}`);
  if (outcome.error === 'stale') return data({ values, errors: {}, stale: true }, { status: 409 });
  // The schema holds the same bounds as the feature; this answers only if they ever part.
  const errors = Object.fromEntries(
    fieldNames
      .filter((name) => outcome.keys.includes(fields[name]))
      .map((name) => [name, 'backoffice.settings.amount.invalid']),
  );
  return data({ values, errors, stale: false }, { status: 400 });
}

const labels = {
  moneyRequestAbove: 'backoffice.settings.money-request-above',
  voucherBatchAbove: 'backoffice.settings.voucher-batch-above',
  selfApprovedPerStaff: 'backoffice.settings.self-approved-per-staff',
} as const;
const explanations = {
  moneyRequestAbove: 'backoffice.settings.money-request-above.explanation',
  voucherBatchAbove: 'backoffice.settings.voucher-batch-above.explanation',
  selfApprovedPerStaff: 'backoffice.settings.self-approved-per-staff.explanation',
} as const;

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { settings } = loaderData;
  const values: Record<string, string> = actionData?.values ?? settings.values;
  const errors: Record<string, string> = actionData?.errors ?? {};
  return (
    <>
      <div className="page-title">
        <h1>{t('backoffice.page.settings')}</h1>
      </div>
      <p>{t('backoffice.settings.intro')}</p>
      {loaderData.done && !actionData ? (
        <p className="notice" role="status">
          {t(`backoffice.settings.done.${loaderData.done}`)}
        </p>
      ) : null}
      {settings.updatedBy ? (
        <p data-testid="settings-updated">
          {t('backoffice.settings.updated', { name: settings.updatedBy, at: settings.updatedAt ?? '' })}
        </p>
      ) : (
        <p data-testid="settings-updated">{t('backoffice.settings.never-changed')}</p>
      )}
      <Form method="post" className="form" reloadDocument noValidate>
        {actionData?.stale ? (
          <p className="notice notice--error" role="alert">
            {t('backoffice.settings.stale')}
          </p>
        ) : Object.keys(errors).length ? (
          <p className="form__error" role="alert">
            {t('backoffice.money.form-errors')}
          </p>
        ) : null}
        <input type="hidden" name="csrf" value={loaderData.csrf} />
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="version" value={settings.version} />
        {fieldNames.map((name) => (
          <MoneyField
            key={name}
            id={`settings-${name}`}
            label={t(labels[name], { hours: loaderData.hours })}
            hint={`${t(explanations[name], { hours: loaderData.hours })} ${t('backoffice.settings.in-force', {
              current: settings.inForce[name],
              default: settings.defaults[name],
            })} ${t('backoffice.money.amount.hint')}.`}
            error={errors[name]}
          >
            {(attributes) => (
              <input
                {...attributes}
                className="field__input"
                name={name}
                type="text"
                inputMode="decimal"
                autoComplete="off"
                required
                maxLength={12}
                defaultValue={values[name]}
              />
            )}
          </MoneyField>
        ))}
        <button type="submit" className="button">
          {t('backoffice.settings.submit')}
        </button>
      </Form>
    </>
  );
}
