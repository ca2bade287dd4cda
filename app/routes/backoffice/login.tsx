import { data, Form, redirect } from 'react-router';
import type { Route } from './+types/login';
import { requestContext, requestFeatures, servicesContext } from '~/context';
import {
  auditOrigin,
  readStaffSession,
  staffCookieName,
  staffPasswordStep,
  staffSessionCookie,
} from '~/features/staff/public.server';
import { backOfficePath, safeBackOfficeTarget } from '~/i18n/back-office-routes';
import { useT } from '~/i18n/hooks';
import { readCookie } from '~/platform/cookies';
import { z } from '~/platform/validation';
import { csrfFor } from '~/shared/security/form-page.server';
import { parseForm } from '~/shared/security/parse-form.server';
import { submittedForm } from '~/shared/security/submitted-form.server';
import { backOfficeMeta, backOfficeTitle } from './back-office-page';

export const meta = backOfficeMeta;

const loginSchema = z.object({
  email: z.string().check(z.trim(), z.minLength(1), z.maxLength(254)),
  password: z.string().check(z.minLength(1), z.maxLength(1024)),
  redirectTo: z.optional(z.string().check(z.maxLength(500))),
});

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const { database, config } = context.get(servicesContext);
  const token = readCookie(request.headers.get('cookie'), staffCookieName(config.publicUrl.startsWith('https:')));
  if (await readStaffSession(database.db, token))
    throw redirect(safeBackOfficeTarget(url.searchParams.get('redirectTo')));
  const csrf = csrfFor(request, context);
  return data(
    {
      title: backOfficeTitle(context, 'backoffice.page.login'),
      csrf: csrf.token,
      redirectTo: safeBackOfficeTarget(url.searchParams.get('redirectTo')),
      notice: url.searchParams.has('loggedOut')
        ? ('backoffice.login.logged-out' as const)
        : url.searchParams.has('expired')
          ? ('backoffice.login.code-expired' as const)
          : null,
    },
    { headers: csrf.headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseForm(await submittedForm(request, context), loginSchema);
  if (submission.status !== 'success')
    return data({ error: 'backoffice.login.invalid' as const, minutes: 0 }, { status: 400 });
  const services = context.get(servicesContext);
  const outcome = await staffPasswordStep(
    requestFeatures(context),
    {
      email: submission.value.email,
      password: submission.value.password,
      ip: context.get(requestContext).clientIp,
      userAgent: request.headers.get('user-agent') ?? '',
    },
    auditOrigin(context),
  );
  if (!outcome.ok) {
    return outcome.error === 'wait'
      ? data(
          { error: 'backoffice.login.wait' as const, minutes: Math.ceil(outcome.retryAfterSeconds / 60) },
          { status: 429 },
        )
      : data({ error: 'backoffice.login.invalid' as const, minutes: 0 }, { status: 400 });
  }
  const query = new URLSearchParams({ redirectTo: safeBackOfficeTarget(submission.value.redirectTo) });
  return redirect(`${backOfficePath('loginCode')}?${query.toString()}`, {
    headers: {
      'Set-Cookie': staffSessionCookie(
        outcome.token,
        outcome.expiresAt,
        services.config.publicUrl.startsWith('https:'),
      ),
    },
  });
}

export default function BackOfficeLogin({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <div className="page-title">
        <h1>{t('backoffice.page.login')}</h1>
      </div>
      <p>{t('backoffice.login.intro')}</p>
      {loaderData.notice ? (
        <p className="notice" role="status">
          {t(loaderData.notice)}
        </p>
      ) : null}
      <Form method="post" className="form" reloadDocument>
        {actionData ? (
          <div className="form__error" role="alert">
            {t(actionData.error, { minutes: actionData.minutes })}
          </div>
        ) : null}
        <input type="hidden" name="csrf" value={loaderData.csrf} />
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <div className="field">
          <label className="field__label" htmlFor="backoffice-email">
            {t('backoffice.login.email')}
          </label>
          <input
            className="field__input"
            id="backoffice-email"
            name="email"
            type="email"
            autoComplete="username"
            required
            maxLength={254}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="backoffice-password">
            {t('backoffice.login.password')}
          </label>
          <input
            className="field__input"
            id="backoffice-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            maxLength={1024}
          />
        </div>
        <button type="submit" className="button">
          {t('backoffice.login.submit')}
        </button>
      </Form>
    </>
  );
}
