import type { SubmissionResult } from '@conform-to/react';
import { usePage, useT } from '~/i18n/hooks';
import { PageTitle } from '~/ui/components/page-header';
import { AppForm } from '~/ui/form/app-form';
import { useFormWithValidationOnDemand } from '~/ui/form/client-validation';
import { LicenceFieldset } from './licence-fieldset';

export interface LicenceCorrectionPageProps {
  loaderData: {
    csrf: string;
    correctable: boolean;
    countries: { value: string; label: string }[];
    current: { number: string; issuingCountry: string; issuedOn: string; expiresOn: string } | null;
  };
  actionData: SubmissionResult<string[]> | undefined;
  /** "Back to my data", in the regular or the embedded data page: the caller's link. */
  back: React.ReactNode;
}

/**
 * The correction of a rejected or expired licence (docs/rules/accounts.md#licence-correction), filled with the
 * licence on record so the customer changes only what was wrong.
 */
export function LicenceCorrectionPage({ loaderData, actionData, back }: LicenceCorrectionPageProps) {
  const t = useT();
  const page = usePage();
  const { csrf, correctable, countries, current } = loaderData;
  const { form, fields, validation } = useFormWithValidationOnDemand(
    () => import('../licence-schema').then((module) => module.licenceCorrectionSchema),
    { id: 'licence-correction', lastResult: actionData, defaultValue: current ? { licence: current } : undefined },
  );
  return (
    <div className="narrow">
      <PageTitle page={page?.id ?? 'licenceCorrection'}>
        <p>{t('licence.correction.intro')}</p>
      </PageTitle>
      {correctable ? (
        <AppForm form={form} csrfToken={csrf} validation={validation}>
          <LicenceFieldset field={fields.licence} countries={countries} intro={false} />
          <button type="submit" className="button">
            {t('licence.correction.submit')}
          </button>
        </AppForm>
      ) : (
        <p className="notice" role="status">
          {t('licence.correction.not-needed')}
        </p>
      )}
      {back}
    </div>
  );
}
