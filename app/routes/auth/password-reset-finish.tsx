import { useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect, useActionData, useLoaderData } from 'react-router';
import type { Route } from './+types/password-reset-finish';
import { servicesContext } from '~/context';
import { accountContext } from '~/features/accounts/account-context';
import { passwordResetFinishSchema } from '~/features/accounts/login-schema';
import { checkResetLink, resetPassword } from '~/features/accounts/password-reset.server';
import { csrfFor } from '~/features/security/form-page.server';
import { useT } from '~/i18n/hooks';
import { findPage, pagePath } from '~/i18n/route-table';
import { PageTitle } from '~/ui/components/page-header';
import { PageLink } from '~/ui/components/page-link';
import { translateMessage } from '~/ui/form/field-shell';
import { AppForm } from '~/ui/form/app-form';
import { PasswordField } from '~/ui/form/inputs';
import { namedPageMeta } from '~/ui/page-meta';
// The messages beyond the general ones (app/i18n/messages/complete.ts).
import '~/i18n/messages/complete';
import { submittedForm } from '~/features/security/submitted-form.server';

export const meta = namedPageMeta;

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const link = await checkResetLink(accountContext(context.get(servicesContext)), token);
  const csrf = csrfFor(request, context);
  return data(
    { csrf: csrf.token, token, linkError: link.ok ? null : 'error' in link ? link.error : null },
    { headers: csrf.headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await submittedForm(request, context), { schema: passwordResetFinishSchema });
  if (submission.status !== 'success') return submission.reply({ hideFields: ['password'] });
  const outcome = await resetPassword(
    accountContext(context.get(servicesContext)),
    submission.value.token,
    submission.value.password,
  );
  if (outcome.ok) {
    const locale = findPage(new URL(request.url).pathname)?.locale ?? 'de';
    return redirect(`${pagePath('login', locale)}?reset=1`);
  }
  return 'field' in outcome
    ? submission.reply({ fieldErrors: { password: [outcome.error] }, hideFields: ['password'] })
    : submission.reply({ formErrors: [outcome.error], hideFields: ['password'] });
}

export default function PasswordResetFinish() {
  const t = useT();
  const { csrf, token, linkError } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: passwordResetFinishSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
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
        <AppForm form={form} csrfToken={csrf}>
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
