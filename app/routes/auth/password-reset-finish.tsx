import { data } from 'react-router';
import type { Route } from './+types/password-reset-finish';
import { pageContext, servicesContext } from '~/context';
import { passwordResetFinishSchema } from '~/features/accounts/login-schema';
import { checkResetLink, resetPassword } from '~/features/accounts/password-reset.server';
import { csrfFor } from '~/shared/security/form-page.server';
import { pagePath } from '~/i18n/route-table';
import { deferredForm } from '~/ui/form/deferred-form';
import { namedPageMeta } from '~/ui/page-meta';
import { parseForm } from '~/shared/security/parse-form.server';
import { submittedForm } from '~/shared/security/submitted-form.server';
import { redirectCarrying } from '~/shared/navigation/redirect-carrying';

export const meta = namedPageMeta;

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const token = url.searchParams.get('token') ?? '';
  const link = await checkResetLink(context.get(servicesContext), token);
  const csrf = csrfFor(request, context);
  return data(
    { csrf: csrf.token, token, linkError: link.ok ? null : 'error' in link ? link.error : null },
    { headers: csrf.headers },
  );
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const submission = parseForm(await submittedForm(request, context), passwordResetFinishSchema);
  if (submission.status !== 'success') return submission.reply({ hideFields: ['password'] });
  const outcome = await resetPassword(context.get(servicesContext), submission.value.token, submission.value.password);
  if (outcome.ok) {
    return redirectCarrying(url, `${pagePath('login', context.get(pageContext).locale)}?reset=1`);
  }
  return 'field' in outcome
    ? submission.reply({ fieldErrors: { password: [outcome.error] }, hideFields: ['password'] })
    : submission.reply({ formErrors: [outcome.error], hideFields: ['password'] });
}

// The form and its messages come after the page's first load (docs/decisions/0016).
const PasswordResetFinishPage = deferredForm(() =>
  import('~/features/accounts/components/password-reset-pages').then((module) => module.PasswordResetFinishPage),
);

export default function PasswordResetFinish({ loaderData, actionData }: Route.ComponentProps) {
  return <PasswordResetFinishPage {...loaderData} lastResult={actionData} />;
}
