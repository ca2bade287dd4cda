import { data, Form } from 'react-router';
import type { Route } from './+types/enrol';
import { servicesContext } from '~/context';
import { auditOrigin, completeEnrolment, openEnrolment } from '~/features/staff/public.server';
import { backOfficePath } from '~/i18n/back-office-routes';
import { useT } from '~/i18n/hooks';
import type { MessageKey } from '~/i18n/translate';
import { z } from '~/platform/validation';
import { csrfFor } from '~/shared/security/form-page.server';
import { parseForm } from '~/shared/security/parse-form.server';
import { submittedForm } from '~/shared/security/submitted-form.server';
import { AppLink } from '~/ui/components/app-link';
import { backOfficeMeta, backOfficeTitle } from './back-office-page';

export const meta = backOfficeMeta;

/** The answer with the recovery codes: never cached, and its address (with the token) never sent on. */
const privateHeaders = { 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer' };

const enrolSchema = z.object({
  token: z.string().check(z.maxLength(100)),
  password: z.string().check(z.maxLength(1024)),
  code: z.string().check(z.trim(), z.maxLength(40)),
});

const passwordMessages: Record<string, MessageKey> = {
  'password.too-short': 'backoffice.enrol.password.too-short',
  'password.too-long': 'backoffice.enrol.password.too-long',
  'password.contains-email': 'backoffice.enrol.password.contains-email',
  'password.too-common': 'backoffice.enrol.password.too-common',
};

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const token = (url.searchParams.get('token') ?? '').slice(0, 100);
  const enrolment = await openEnrolment(context.get(servicesContext), token);
  const csrf = csrfFor(request, context);
  // csrf.headers says no-store already; the token in this page's address goes to no other site.
  csrf.headers.set('Referrer-Policy', 'no-referrer');
  return data(
    {
      title: backOfficeTitle(context, 'backoffice.page.enrol'),
      csrf: csrf.token,
      token,
      enrolment: enrolment && {
        displayName: enrolment.displayName,
        email: enrolment.email,
        totpSecret: enrolment.totpSecret,
        otpauthUri: enrolment.otpauthUri,
      },
    },
    { status: enrolment ? 200 : 410, headers: csrf.headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseForm(await submittedForm(request, context), enrolSchema);
  if (submission.status !== 'success') throw data({ message: 'form.refused' }, { status: 400 });
  const { token, password, code } = submission.value;
  const outcome = await completeEnrolment(
    context.get(servicesContext),
    { token, password, code },
    auditOrigin(context),
  );
  if (outcome.ok) {
    return data(
      {
        kind: 'enrolled' as const,
        email: outcome.email,
        recoveryCodes: outcome.recoveryCodes,
        awaitingConfirmation: outcome.awaitingConfirmation,
      },
      { headers: privateHeaders },
    );
  }
  const errors: { password?: MessageKey; code?: MessageKey; form?: MessageKey } =
    outcome.error === 'password'
      ? { password: passwordMessages[outcome.message] ?? 'backoffice.enrol.password.too-short' }
      : outcome.error === 'code'
        ? { code: 'backoffice.enrol.code-invalid' }
        : outcome.error === 'wait'
          ? { code: 'backoffice.enrol.wait' }
          : { form: 'backoffice.enrol.invalid' };
  return data({ kind: 'invalid' as const, errors }, { status: outcome.error === 'wait' ? 429 : 400 });
}

export default function BackOfficeEnrol({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  if (actionData?.kind === 'enrolled') {
    return (
      <>
        <div className="page-title">
          <h1>{t('backoffice.enrol.done.title')}</h1>
        </div>
        <p className="notice" role="status">
          {t('backoffice.enrol.done')}
        </p>
        <h2>{t('backoffice.enrol.recovery-codes')}</h2>
        <ul data-testid="enrolment-recovery-codes">
          {actionData.recoveryCodes.map((each) => (
            <li key={each}>
              <code>{each}</code>
            </li>
          ))}
        </ul>
        {actionData.awaitingConfirmation ? (
          <p className="notice" role="status">
            {t('backoffice.enrol.awaiting-confirmation')}
          </p>
        ) : null}
        <p>
          <AppLink className="button" to={backOfficePath('login')}>
            {t('backoffice.enrol.to-login')}
          </AppLink>
        </p>
      </>
    );
  }
  const { enrolment } = loaderData;
  const errors = actionData?.kind === 'invalid' ? actionData.errors : {};
  if (!enrolment || errors.form) {
    return (
      <>
        <div className="page-title">
          <h1>{t('backoffice.page.enrol')}</h1>
        </div>
        <p className="notice notice--error" role="alert">
          {t('backoffice.enrol.invalid')}
        </p>
      </>
    );
  }
  return (
    <>
      <div className="page-title">
        <h1>{t('backoffice.page.enrol')}</h1>
      </div>
      <p>{t('backoffice.enrol.intro', { name: enrolment.displayName, email: enrolment.email })}</p>
      <dl className="back-office-enrolment">
        <dt>{t('backoffice.staff.totp-uri')}</dt>
        <dd>
          <code data-testid="enrolment-uri">{enrolment.otpauthUri}</code>
        </dd>
        <dt>{t('backoffice.staff.totp-secret')}</dt>
        <dd>
          <code data-testid="enrolment-secret">{enrolment.totpSecret}</code>
        </dd>
      </dl>
      <Form method="post" className="form" reloadDocument>
        <input type="hidden" name="csrf" value={loaderData.csrf} />
        <input type="hidden" name="token" value={loaderData.token} />
        <div className="field">
          <label className="field__label" htmlFor="enrol-password">
            {t('backoffice.staff.password')}
          </label>
          <input
            className="field__input"
            id="enrol-password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={12}
            maxLength={128}
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? 'enrol-password-error enrol-password-hint' : 'enrol-password-hint'}
          />
          <p className="field__hint" id="enrol-password-hint">
            {t('backoffice.enrol.password-hint')}
          </p>
          {errors.password ? (
            <p className="field__error" id="enrol-password-error" role="alert">
              {t(errors.password)}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label className="field__label" htmlFor="enrol-code">
            {t('backoffice.enrol.code')}
          </label>
          <input
            className="field__input"
            id="enrol-code"
            name="code"
            type="text"
            autoComplete="one-time-code"
            inputMode="numeric"
            spellCheck={false}
            autoCapitalize="none"
            required
            maxLength={40}
            aria-invalid={errors.code ? true : undefined}
            aria-describedby={errors.code ? 'enrol-code-error' : undefined}
          />
          {errors.code ? (
            <p className="field__error" id="enrol-code-error" role="alert">
              {t(errors.code)}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button">
          {t('backoffice.enrol.submit')}
        </button>
      </Form>
    </>
  );
}
