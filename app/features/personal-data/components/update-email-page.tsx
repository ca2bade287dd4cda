import type { SubmissionResult } from '@conform-to/react';
import { usePage, useT } from '~/i18n/hooks';
import { PageTitle } from '~/ui/components/page-header';
import { AppForm } from '~/ui/form/app-form';
import { useFormWithValidationOnDemand } from '~/ui/form/client-validation';
import { TextField } from '~/ui/form/inputs';
import { ReauthenticationField } from '~/ui/form/reauthentication-field';
import { BackToData } from '../components';

/**
 * The email change page's content (routes/self-service/update-email.tsx loads it with
 * `deferredForm`): the new address, and the password when the last login is not recent.
 */
export function UpdateEmailPage({
  csrf,
  email,
  recentlyAuthenticated,
  lastResult,
}: {
  csrf: string;
  email: string;
  recentlyAuthenticated: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const t = useT();
  const page = usePage();
  const { form, fields, validation } = useFormWithValidationOnDemand(
    () => import('../schemas').then((module) => module.emailChangeSchema),
    { id: 'email-change', lastResult },
  );
  return (
    <div className="narrow">
      <PageTitle page={page?.id ?? 'updateEmail'}>
        <p>{t('email-change.intro')}</p>
      </PageTitle>
      <p>{t('email-change.current', { email })}</p>
      <AppForm form={form} csrfToken={csrf} validation={validation}>
        <TextField
          field={fields.email}
          type="email"
          label={t('email-change.new-email')}
          autoComplete="email"
          spellCheck={false}
          autoCapitalize="off"
          required
        />
        <ReauthenticationField field={fields.currentPassword} needed={!recentlyAuthenticated} />
        <button type="submit" className="button">
          {t('email-change.submit')}
        </button>
      </AppForm>
      <BackToData />
    </div>
  );
}
