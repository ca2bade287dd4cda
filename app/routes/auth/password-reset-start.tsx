import { useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect, useActionData, useLoaderData, useSearchParams } from 'react-router';
import type { Route } from './+types/password-reset-start';
import { servicesContext } from '~/context';
import { accountContext, withMinimumDuration } from '~/features/accounts/account-context';
import { passwordResetStartSchema } from '~/features/accounts/login-schema';
import { requestPasswordReset } from '~/features/accounts/password-reset.server';
import { csrfFor } from '~/features/security/form-page.server';
import { useT } from '~/i18n/hooks';
import { findPage } from '~/i18n/route-table';
import { PageTitle } from '~/ui/components/page-header';
import { AppForm } from '~/ui/form/app-form';
import { TextField } from '~/ui/form/inputs';
import { namedPageMeta } from '~/ui/page-meta';
// The messages beyond the general ones (app/i18n/messages/complete.ts).
import '~/i18n/messages/complete';
import { submittedForm } from '~/features/security/submitted-form.server';

export const meta = namedPageMeta;

export function loader({ request, context }: Route.LoaderArgs) {
  const csrf = csrfFor(request, context);
  return data({ csrf: csrf.token }, { headers: csrf.headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await submittedForm(request, context), { schema: passwordResetStartSchema });
  if (submission.status !== 'success') return submission.reply();
  const url = new URL(request.url);
  const locale = findPage(url.pathname)?.locale ?? 'de';
  // The same answer, after the same time, whether or not the address has an account.
  await withMinimumDuration(400, () =>
    requestPasswordReset(accountContext(context.get(servicesContext)), submission.value.email, locale),
  );
  return redirect(`${url.pathname}?sent=1`);
}

export default function PasswordResetStart() {
  const t = useT();
  const { csrf } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const [form, fields] = useForm({
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: passwordResetStartSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
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
          <AppForm form={form} csrfToken={csrf}>
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
