import { useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect, useActionData, useLoaderData, useSearchParams } from 'react-router';
import type { Route } from './+types/login';
import { requestContext, servicesContext, sessionContext } from '~/context';
import { accountContext } from '~/features/accounts/account-context';
import { logIn } from '~/features/accounts/login.server';
import { loginSchema } from '~/features/accounts/login-schema';
import { sessionCookie } from '~/features/accounts/sessions.server';
import { safeRedirect } from '~/features/navigation/safe-redirect';
import { csrfFor } from '~/features/security/form-page.server';
import { useT } from '~/i18n/hooks';
import { findPage, pagePath } from '~/i18n/route-table';
import { PageTitle } from '~/ui/components/page-header';
import { PageLink } from '~/ui/components/page-link';
import { AppForm } from '~/ui/form/app-form';
import { PasswordField, TextField } from '~/ui/form/inputs';
import { namedPageMeta } from '~/ui/page-meta';
// The messages beyond the general ones (app/i18n/messages/complete.ts).
import '~/i18n/messages/complete';
import { submittedForm } from '~/features/security/submitted-form.server';

export const meta = namedPageMeta;

/** Where a successful login goes when no (safe) target was asked for. */
function defaultTarget(request: Request): string {
  const page = findPage(new URL(request.url).pathname);
  return pagePath(page?.id === 'loginEmbedded' ? 'selfServiceEmbedded' : 'selfService', page?.locale ?? 'de');
}

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (context.get(sessionContext))
    throw redirect(safeRedirect(url.searchParams.get('redirectTo'), defaultTarget(request)));
  const csrf = csrfFor(request, context);
  return data({ csrf: csrf.token }, { headers: csrf.headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await submittedForm(request, context);
  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== 'success') return submission.reply({ hideFields: ['password'] });
  const services = context.get(servicesContext);
  const outcome = await logIn(accountContext(services), {
    email: submission.value.email,
    password: submission.value.password,
    ip: context.get(requestContext).clientIp,
    userAgent: request.headers.get('user-agent') ?? '',
  });
  if (!outcome.ok) {
    return submission.reply({
      formErrors: [
        outcome.error === 'login.wait'
          ? `login.wait?minutes=${Math.ceil(outcome.retryAfterSeconds / 60)}`
          : outcome.error,
      ],
      hideFields: ['password'],
    });
  }
  const target = safeRedirect(submission.value.redirectTo, defaultTarget(request));
  return redirect(target, {
    headers: {
      'Set-Cookie': sessionCookie(outcome.token, outcome.expiresAt, services.config.publicUrl.startsWith('https:')),
    },
  });
}

export default function Login() {
  const t = useT();
  const { csrf } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const [form, fields] = useForm({
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
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
      <AppForm form={form} csrfToken={csrf}>
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
