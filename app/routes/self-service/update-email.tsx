import { data } from 'react-router';
import type { Route } from './+types/update-email';
import { pageContext } from '~/context';
import { personalDataScope } from '~/features/personal-data/context.server';
import { currentEmail, requestEmailChange } from '~/features/personal-data/email-change.server';
import { emailChangeSchema } from '~/features/personal-data/schemas';
import { csrfFor } from '~/shared/security/form-page.server';
import { pageForView, pagePath } from '~/i18n/route-table';
import { deferredForm } from '~/ui/form/deferred-form';
import { namedPageMeta, privatePageHeaders } from '~/ui/page-meta';
import { parseForm } from '~/shared/security/parse-form.server';
import { submittedForm } from '~/shared/security/submitted-form.server';
import { redirectCarrying } from '~/shared/navigation/redirect-carrying';

export const headers = privatePageHeaders;
export const meta = namedPageMeta;

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const scope = personalDataScope(url, context);
  const email = await currentEmail(scope.ctx.db, scope.customerId);
  const csrf = csrfFor(request, context);
  return data(
    { csrf: csrf.token, email, recentlyAuthenticated: scope.recentlyAuthenticated },
    { headers: csrf.headers },
  );
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const scope = personalDataScope(url, context);
  const submission = parseForm(await submittedForm(request, context), emailChangeSchema);
  const hideFields = ['currentPassword'];
  if (submission.status !== 'success') return submission.reply({ hideFields });
  const outcome = await requestEmailChange(
    scope.ctx,
    { session: scope.session, clientIp: scope.clientIp, locale: scope.locale },
    submission.value,
  );
  if (outcome.ok) {
    const { embeddedPage } = context.get(pageContext);
    return redirectCarrying(url, `${pagePath(pageForView('data', embeddedPage), scope.locale)}?done=email-requested`);
  }
  return outcome.field
    ? submission.reply({ fieldErrors: { [outcome.field]: [outcome.error] }, hideFields })
    : submission.reply({ formErrors: [outcome.error], hideFields });
}

// The content, with its forms and their messages, comes after the page's first load (docs/decisions/0016).
const UpdateEmailPage = deferredForm(() =>
  import('~/features/personal-data/components/update-email-page').then((module) => module.UpdateEmailPage),
);

export default function UpdateEmail({ loaderData, actionData }: Route.ComponentProps) {
  return <UpdateEmailPage {...loaderData} lastResult={actionData} />;
}
