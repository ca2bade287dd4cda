import type { SubmissionResult } from '@conform-to/react';
import { useSearchParams } from 'react-router';
import { useT } from '~/i18n/hooks';
import { PageTitle } from '~/ui/components/page-header';
import { PageLink } from '~/ui/components/page-link';
import { AppForm } from '~/ui/form/app-form';
import { useFormWithValidationOnDemand } from '~/ui/form/client-validation';
import { translateMessage } from '~/ui/form/field-shell';
import { PasswordField, TextField } from '~/ui/form/inputs';

/**
 * The content of the two password reset pages (routes/auth/password-reset-start.tsx and
 * password-reset-finish.tsx load them with `deferredForm`).
 */

export function PasswordResetStartPage({
  csrf,
  lastResult,
}: {
  csrf: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const t = useT();
  const [searchParams] = useSearchParams();
  const { form, fields, validation } = useFormWithValidationOnDemand(
    () => import('../login-schema').then((module) => module.passwordResetStartSchema),
    {
      lastResult,
    },
  );
  return (
    <div className="narrow">
      <PageTitle page="passwordResetStart" />
      {searchParams.has('sent') ? (
        <p className="notice" role="status">
          {t('reset.sent')}
        </p>
      ) : (
        <>
          <p>{t('reset.intro')}</p>
          <AppForm form={form} csrfToken={csrf} validation={validation}>
            <TextField field={fields.email} type="email" label={t('field.email')} autoComplete="email" required />
            <button type="submit" className="button">
              {t('reset.submit')}
            </button>
          </AppForm>
        </>
      )}
    </div>
  );
}

export function PasswordResetFinishPage({
  csrf,
  token,
  linkError,
  lastResult,
}: {
  csrf: string;
  token: string;
  /** Why the link in the mail no longer works (a message key), or null. */
  linkError: string | null;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const t = useT();
  const { form, fields, validation } = useFormWithValidationOnDemand(
    () => import('../login-schema').then((module) => module.passwordResetFinishSchema),
    {
      lastResult,
    },
  );
  return (
    <div className="narrow">
      <PageTitle page="passwordResetFinish" />
      {linkError ? (
        <div className="notice notice--error" role="alert">
          <p>{translateMessage(t, linkError)}</p>
          <p>
            <PageLink page="passwordResetStart">{t('reset.request-new-link')}</PageLink>
          </p>
        </div>
      ) : (
        <AppForm form={form} csrfToken={csrf} validation={validation}>
          <input type="hidden" name="token" value={token} />
          <PasswordField
            field={fields.password}
            label={t('field.new-password')}
            hint={t('password.hint')}
            autoComplete="new-password"
            required
          />
          <button type="submit" className="button">
            {t('reset.finish-submit')}
          </button>
        </AppForm>
      )}
    </div>
  );
}
