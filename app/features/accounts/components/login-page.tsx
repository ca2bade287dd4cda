import type { SubmissionResult } from '@conform-to/react';
import { useSearchParams } from 'react-router';
import { useT } from '~/i18n/hooks';
import { PageTitle } from '~/ui/components/page-header';
import { PageLink } from '~/ui/components/page-link';
import { AppForm } from '~/ui/form/app-form';
import { useFormWithValidationOnDemand } from '~/ui/form/client-validation';
import { PasswordField, TextField } from '~/ui/form/inputs';

/** The login page's content (routes/auth/login.tsx loads it with `deferredForm`). */
export function LoginPage({ csrf, lastResult }: { csrf: string; lastResult: SubmissionResult<string[]> | undefined }) {
  const t = useT();
  const [searchParams] = useSearchParams();
  const { form, fields, validation } = useFormWithValidationOnDemand(
    () => import('../login-schema').then((module) => module.loginSchema),
    {
      lastResult,
    },
  );
  const notice = searchParams.has('reset')
    ? 'login.after-reset'
    : searchParams.has('loggedOut')
      ? 'login.logged-out'
      : null;
  return (
    <div className="narrow">
      <PageTitle page="login" />
      {notice ? (
        <p className="notice" role="status">
          {t(notice)}
        </p>
      ) : null}
      <AppForm form={form} csrfToken={csrf} validation={validation}>
        <input type="hidden" name="redirectTo" value={searchParams.get('redirectTo') ?? ''} />
        <TextField field={fields.email} type="email" label={t('field.email')} autoComplete="username" required />
        <PasswordField field={fields.password} label={t('field.password')} autoComplete="current-password" required />
        <button type="submit" className="button">
          {t('login.submit')}
        </button>
      </AppForm>
      <p>
        <PageLink page="passwordResetStart">{t('login.forgot-password')}</PageLink>
      </p>
      <p>
        {t('login.no-account')} <PageLink page="register">{t('page.register.title')}</PageLink>
      </p>
    </div>
  );
}
