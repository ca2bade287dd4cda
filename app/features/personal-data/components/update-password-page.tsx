import type { SubmissionResult } from '@conform-to/react';
import { usePage, useT } from '~/i18n/hooks';
import { PageTitle } from '~/ui/components/page-header';
import { AppForm } from '~/ui/form/app-form';
import { useFormWithValidationOnDemand } from '~/ui/form/client-validation';
import { PasswordField } from '~/ui/form/inputs';
import { BackToData } from '../components';

/**
 * The password change page's content (routes/self-service/update-password.tsx loads it with
 * `deferredForm`): the current password and the new one.
 */
export function UpdatePasswordPage({
  csrf,
  lastResult,
}: {
  csrf: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const t = useT();
  const page = usePage();
  const { form, fields, validation } = useFormWithValidationOnDemand(
    () => import('../schemas').then((module) => module.passwordChangeSchema),
    { id: 'password-change', lastResult },
  );
  return (
    <div className="narrow">
      <PageTitle page={page?.id ?? 'updatePassword'}>
        <p>{t('password-change.intro')}</p>
      </PageTitle>
      <AppForm form={form} csrfToken={csrf} validation={validation}>
        <PasswordField
          field={fields.currentPassword}
          label={t('password-change.current')}
          autoComplete="current-password"
          required
        />
        <PasswordField
          field={fields.newPassword}
          label={t('field.new-password')}
          hint={t('password.hint')}
          autoComplete="new-password"
          required
        />
        <button type="submit" className="button">
          {t('password-change.submit')}
        </button>
      </AppForm>
      <BackToData />
    </div>
  );
}
