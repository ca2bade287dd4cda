import { data } from 'react-router';
import type { Route } from './+types/password-reset-start';
import { pageContext, servicesContext } from '~/context';
import { passwordResetStartSchema } from '~/features/accounts/login-schema';
import { answerPasswordResetRequest } from '~/features/accounts/password-reset.server';
import { csrfFor } from '~/shared/security/form-page.server';
import { deferredForm } from '~/ui/form/deferred-form';
import { namedPageMeta } from '~/ui/page-meta';
import { parseForm } from '~/shared/security/parse-form.server';
import { submittedForm } from '~/shared/security/submitted-form.server';
import { redirectCarrying } from '~/shared/navigation/redirect-carrying';

export const meta = namedPageMeta;

export function loader({ request, context }: Route.LoaderArgs) {
  const csrf = csrfFor(request, context);
  return data({ csrf: csrf.token }, { headers: csrf.headers });
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const submission = parseForm(await submittedForm(request, context), passwordResetStartSchema);
  if (submission.status !== 'success') return submission.reply();
  await answerPasswordResetRequest(
    context.get(servicesContext),
    submission.value.email,
    context.get(pageContext).locale,
  );
  return redirectCarrying(url, `${url.pathname}?sent=1`);
}

// The form and its messages come after the page's first load (docs/decisions/0016).
const PasswordResetStartPage = deferredForm(() =>
  import('~/features/accounts/components/password-reset-pages').then((module) => module.PasswordResetStartPage),
);

export default function PasswordResetStart({ loaderData, actionData }: Route.ComponentProps) {
  return <PasswordResetStartPage csrf={loaderData.csrf} lastResult={actionData} />;
}
