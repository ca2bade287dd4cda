import { data, useActionData, useLoaderData } from 'react-router';
import type { Route } from './+types/tariff-change';
import { RadioGroupField } from '~/features/contract/components/radio-group-field';
import { loadContract } from '~/features/contract/contract.server';
import { requestTariffChange } from '~/features/contract/tariff-change.server';
import { tariffChangeSchema } from '~/features/contract/tariff-change-schema';
import { customerScope } from '~/features/self-service/customer-scope.server';
import { csrfFor } from '~/shared/security/form-page.server';
import { tariffName } from '~/features/tariffs/components/tariff-table';
import { tariffOptionText } from '~/features/tariffs/public';
import { changeDirection } from '~/features/tariffs/tariff-comparison';
import { listTariffs } from '~/features/tariffs/tariffs.server';
import { useFormatDate, useLocale, useT } from '~/i18n/hooks';
import { pagePath } from '~/i18n/route-table';
import { PageTitle } from '~/ui/components/page-header';
import { PageLink } from '~/ui/components/page-link';
import { AppForm } from '~/ui/form/app-form';
import { useFormWithValidationOnDemand } from '~/ui/form/client-validation';
import { namedPageMeta, privatePageHeaders } from '~/ui/page-meta';
import { parseForm } from '~/shared/security/parse-form.server';
import { submittedForm } from '~/shared/security/submitted-form.server';
import { redirectCarrying } from '~/shared/navigation/redirect-carrying';

export const headers = privatePageHeaders;
export const meta = namedPageMeta;

export async function loader({ request, context }: Route.LoaderArgs) {
  const scope = customerScope(request, context);
  const csrf = csrfFor(request, context);
  const [contract, tariffs] = await Promise.all([
    loadContract(scope.ctx.db, scope.customerId),
    listTariffs(scope.ctx.db, scope.ctx.config.brand),
  ]);
  // Each offer says when it would apply: an upgrade at once, a downgrade after the current term.
  const offers = contract
    ? tariffs
        .filter((tariff) => tariff.id !== contract.tariff.id)
        .map((tariff) => ({
          tariff,
          appliesFrom: changeDirection(contract.tariff, tariff) === 'upgrade' ? null : contract.downgradeDate,
        }))
    : [];
  return data({ csrf: csrf.token, contract, offers }, { headers: csrf.headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const scope = customerScope(request, context);
  const submission = parseForm(await submittedForm(request, context), tariffChangeSchema);
  if (submission.status !== 'success') return submission.reply();
  const outcome = await requestTariffChange(scope.ctx, scope.customerId, submission.value.tariffId, {
    locale: scope.locale,
  });
  if (!outcome.ok) {
    return outcome.error === 'tariff.required'
      ? submission.reply({ fieldErrors: { tariffId: [outcome.error] } })
      : submission.reply({ formErrors: [outcome.error] });
  }
  return redirectCarrying(request, `${pagePath('tariff', scope.locale)}?changed=${outcome.kind}`);
}

export default function TariffChange() {
  const t = useT();
  const locale = useLocale();
  const formatDate = useFormatDate();
  const { csrf, contract, offers } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { form, fields, validation } = useFormWithValidationOnDemand(
    () => import('~/features/contract/tariff-change-schema').then((module) => module.tariffChangeSchema),
    { lastResult },
  );
  const blocked = !contract
    ? t('tariff-change.no-contract')
    : contract.state === 'cancellation_requested'
      ? t('tariff-change.cancellation-pending')
      : contract.state === 'ended'
        ? t('tariff-change.contract-ended')
        : contract.pendingChange
          ? t('tariff-change.pending-exists')
          : offers.length === 0
            ? t('tariff-change.none-available')
            : null;
  return (
    <div className="narrow">
      <PageTitle page="tariffChange">{blocked ? null : <p>{t('tariff-change.intro')}</p>}</PageTitle>
      {blocked || !contract ? (
        <p className="notice" role="status">
          {blocked}
        </p>
      ) : (
        <>
          <p>
            {t('tariff.current')}: <strong>{tariffName(contract.tariff, locale)}</strong>
          </p>
          <AppForm form={form} csrfToken={csrf} validation={validation}>
            <RadioGroupField
              field={fields.tariffId}
              legend={t('tariff-change.field')}
              required
              options={offers.map(({ tariff, appliesFrom }) => ({
                value: tariff.id,
                label: tariffOptionText(tariff, t, locale),
                description: appliesFrom
                  ? t('tariff-change.option.from', { date: formatDate(appliesFrom) })
                  : t('tariff-change.option.now'),
              }))}
            />
            <button type="submit" className="button">
              {t('tariff-change.submit')}
            </button>
          </AppForm>
        </>
      )}
      <p>
        <PageLink page="tariff">{t('tariff-change.back')}</PageLink>
      </p>
    </div>
  );
}
