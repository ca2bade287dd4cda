import { data, redirect } from 'react-router';
import type { Route } from './+types/login';
import { pageContext, requestContext, requestFeatures, sessionContext } from '~/context';
import { logIn } from '~/features/accounts/login.server';
import { loginSchema } from '~/features/accounts/login-schema';
import { sessionCookie } from '~/features/accounts/sessions.server';
import { hrefInLocale, requestedHref } from '~/shared/navigation/internal-link';
import { safeRedirect } from '~/shared/navigation/safe-redirect';
import { csrfFor } from '~/shared/security/form-page.server';
import { pagePath } from '~/i18n/route-table';
import { deferredForm } from '~/ui/form/deferred-form';
import { namedPageMeta } from '~/ui/page-meta';
import { parseForm } from '~/shared/security/parse-form.server';
import { submittedForm } from '~/shared/security/submitted-form.server';

export const meta = namedPageMeta;

/**
 * Where a successful login goes: the (safe) target asked for, else the self-service area, in the
 * login page's locale (a German target asked for on the English login opens in English), built like
 * every link so that a web view stays one and the travelling query values go along.
 */
function afterLogin(url: URL, context: Route.LoaderArgs['context'], requested: unknown): string {
  const { locale } = context.get(pageContext);
  const target = hrefInLocale(safeRedirect(requested, pagePath('selfService', locale)), locale);
  return requestedHref(target, url);
}

export function loader({ request, url, context }: Route.LoaderArgs) {
  if (context.get(sessionContext)) throw redirect(afterLogin(url, context, url.searchParams.get('redirectTo')));
  const csrf = csrfFor(request, context);
  return data({ csrf: csrf.token }, { headers: csrf.headers });
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const formData = await submittedForm(request, context);
  const submission = parseForm(formData, loginSchema);
  if (submission.status !== 'success') return submission.reply({ hideFields: ['password'] });
  const features = requestFeatures(context);
  const outcome = await logIn(features, {
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
  return redirect(afterLogin(url, context, submission.value.redirectTo), {
    headers: {
      'Set-Cookie': sessionCookie(outcome.token, outcome.expiresAt, features.config.publicUrl.startsWith('https:')),
    },
  });
}

// The form and its messages come after the page's first load (docs/decisions/0016).
const LoginPage = deferredForm(() =>
  import('~/features/accounts/components/login-page').then((module) => module.LoginPage),
);

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  return <LoginPage csrf={loaderData.csrf} lastResult={actionData} />;
}
