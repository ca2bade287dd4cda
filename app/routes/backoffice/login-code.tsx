import { data, Form, redirect } from 'react-router';
import type { Route } from './+types/login-code';
import { requestContext, requestFeatures, servicesContext } from '~/context';
import {
  auditOrigin,
  readSecondFactorSession,
  staffCookieName,
  staffSecondFactorStep,
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

const codeSchema = z.object({
  code: z.string().check(z.trim(), z.minLength(1), z.maxLength(40)),
  redirectTo: z.optional(z.string().check(z.maxLength(500))),
});

function pendingToken(request: Request, secure: boolean) {
  return readCookie(request.headers.get('cookie'), staffCookieName(secure));
}

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const { database, config } = context.get(servicesContext);
  const pending = await readSecondFactorSession(
    database.db,
    pendingToken(request, config.publicUrl.startsWith('https:')),
  );
  if (!pending) throw redirect(backOfficePath('login'));
  const csrf = csrfFor(request, context);
  return data(
    {
      title: backOfficeTitle(context, 'backoffice.page.loginCode'),
      csrf: csrf.token,
      redirectTo: safeBackOfficeTarget(url.searchParams.get('redirectTo')),
    },
    { headers: csrf.headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseForm(await submittedForm(request, context), codeSchema);
  if (submission.status !== 'success')
    return data({ error: 'backoffice.login.code-invalid' as const, minutes: 0 }, { status: 400 });
  const services = context.get(servicesContext);
  const secure = services.config.publicUrl.startsWith('https:');
  const outcome = await staffSecondFactorStep(
    requestFeatures(context),
    {
      pendingToken: pendingToken(request, secure),
      code: submission.value.code,
      ip: context.get(requestContext).clientIp,
      userAgent: request.headers.get('user-agent') ?? '',
    },
    auditOrigin(context),
  );
  if (outcome.ok) {
    return redirect(safeBackOfficeTarget(submission.value.redirectTo), {
      headers: { 'Set-Cookie': staffSessionCookie(outcome.token, outcome.expiresAt, secure) },
    });
  }
  if (outcome.error === 'expired') return redirect(`${backOfficePath('login')}?expired=1`);
  return outcome.error === 'wait'
    ? data(
        { error: 'backoffice.login.wait' as const, minutes: Math.ceil(outcome.retryAfterSeconds / 60) },
        { status: 429 },
      )
    : data({ error: 'backoffice.login.code-invalid' as const, minutes: 0 }, { status: 400 });
}

export default function BackOfficeLoginCode({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <div className="page-title">
        <h1>{t('backoffice.page.loginCode')}</h1>
      </div>
      <Form method="post" className="form" reloadDocument>
        {actionData ? (
          <div className="form__error" role="alert">
            {t(actionData.error, { minutes: actionData.minutes })}
          </div>
        ) : null}
        <input type="hidden" name="csrf" value={loaderData.csrf} />
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <div className="field">
          <label className="field__label" htmlFor="backoffice-code">
            {t('backoffice.login.code')}
          </label>
          <input
            className="field__input"
            id="backoffice-code"
            name="code"
            type="text"
            autoComplete="one-time-code"
            inputMode="text"
            spellCheck={false}
            autoCapitalize="none"
            required
            maxLength={40}
            aria-describedby="backoffice-code-hint"
          />
          <p className="field__hint" id="backoffice-code-hint">
            {t('backoffice.login.code-intro')}
          </p>
        </div>
        <button type="submit" className="button">
          {t('backoffice.login.code-submit')}
        </button>
      </Form>
    </>
  );
}
