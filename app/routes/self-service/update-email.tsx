import { data, useActionData, useLoaderData } from 'react-router';
import type { Route } from './+types/update-email';
import { pageContext } from '~/context';
import { BackToData } from '~/features/personal-data/components';
import { personalDataScope } from '~/features/personal-data/context.server';
import { currentEmail, requestEmailChange } from '~/features/personal-data/email-change.server';
import { emailChangeSchema } from '~/features/personal-data/schemas';
import { csrfFor } from '~/shared/security/form-page.server';
import { usePage, useT } from '~/i18n/hooks';
import { pageForView, pagePath } from '~/i18n/route-table';
import { PageTitle } from '~/ui/components/page-header';
import { AppForm } from '~/ui/form/app-form';
import { useFormWithValidationOnDemand } from '~/ui/form/client-validation';
import { TextField } from '~/ui/form/inputs';
import { ReauthenticationField } from '~/ui/form/reauthentication-field';
import { namedPageMeta, privatePageHeaders } from '~/ui/page-meta';
import { parseForm } from '~/shared/security/parse-form.server';
import { submittedForm } from '~/shared/security/submitted-form.server';
import { redirectCarrying } from '~/shared/navigation/redirect-carrying';

export const headers = privatePageHeaders;
export const meta = namedPageMeta;

export async function loader({ request, context }: Route.LoaderArgs) {
  const scope = personalDataScope(request, context);
  const email = await currentEmail(scope.ctx.db, scope.customerId);
  const csrf = csrfFor(request, context);
  return data(
    { csrf: csrf.token, email, recentlyAuthenticated: scope.recentlyAuthenticated },
    { headers: csrf.headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const scope = personalDataScope(request, context);
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
    return redirectCarrying(
      request,
      `${pagePath(pageForView('data', embeddedPage), scope.locale)}?done=email-requested`,
    );
  }
  return outcome.field
    ? submission.reply({ fieldErrors: { [outcome.field]: [outcome.error] }, hideFields })
    : submission.reply({ formErrors: [outcome.error], hideFields });
}

export default function UpdateEmail() {
  const t = useT();
  const page = usePage();
  const { csrf, email, recentlyAuthenticated } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { form, fields, validation } = useFormWithValidationOnDemand(
    () => import('~/features/personal-data/schemas').then((module) => module.emailChangeSchema),
    { id: 'email-change', lastResult },
  );
  return (
    <div className="narrow">
      <PageTitle page={page?.id ?? 'updateEmail'}>
        <p>{t('email-change.intro')}</p>
      </PageTitle>
      <p>{t('email-change.current', { email })}</p>
      <AppForm form={form} csrfToken={csrf} validation={validation}>
        <TextField
          field={fields.email}
          type="email"
          label={t('email-change.new-email')}
          autoComplete="email"
          spellCheck={false}
          autoCapitalize="off"
          required
        />
        <ReauthenticationField field={fields.currentPassword} needed={!recentlyAuthenticated} />
        <button type="submit" className="button">
          {t('email-change.submit')}
        </button>
      </AppForm>
      <BackToData />
    </div>
  );
}
