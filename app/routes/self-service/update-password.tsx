import { data, useActionData, useLoaderData } from 'react-router';
import type { Route } from './+types/update-password';
import { pageContext } from '~/context';
import { BackToData } from '~/features/personal-data/components';
import { personalDataScope } from '~/features/personal-data/context.server';
import { changePassword } from '~/features/personal-data/password-change.server';
import { passwordChangeSchema } from '~/features/personal-data/schemas';
import { csrfFor } from '~/shared/security/form-page.server';
import { usePage, useT } from '~/i18n/hooks';
import { pageForView, pagePath } from '~/i18n/route-table';
import { PageTitle } from '~/ui/components/page-header';
import { AppForm } from '~/ui/form/app-form';
import { useFormWithValidationOnDemand } from '~/ui/form/client-validation';
import { PasswordField } from '~/ui/form/inputs';
import { namedPageMeta, privatePageHeaders } from '~/ui/page-meta';
import { parseForm } from '~/shared/security/parse-form.server';
import { submittedForm } from '~/shared/security/submitted-form.server';
import { redirectCarrying } from '~/shared/navigation/redirect-carrying';

export const headers = privatePageHeaders;
export const meta = namedPageMeta;

export function loader({ request, context }: Route.LoaderArgs) {
  personalDataScope(request, context);
  const csrf = csrfFor(request, context);
  return data({ csrf: csrf.token }, { headers: csrf.headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const scope = personalDataScope(request, context);
  const submission = parseForm(await submittedForm(request, context), passwordChangeSchema);
  // Passwords are never sent back to the browser.
  const hideFields = ['currentPassword', 'newPassword'];
  if (submission.status !== 'success') return submission.reply({ hideFields });
  const outcome = await changePassword(
    scope.ctx,
    { session: scope.session, clientIp: scope.clientIp, locale: scope.locale },
    submission.value,
  );
  if (outcome.ok) {
    const { embeddedPage } = context.get(pageContext);
    return redirectCarrying(
      request,
      `${pagePath(pageForView('data', embeddedPage), scope.locale)}?done=password-changed`,
    );
  }
  return outcome.field
    ? submission.reply({ fieldErrors: { [outcome.field]: [outcome.error] }, hideFields })
    : submission.reply({ formErrors: [outcome.error], hideFields });
}

export default function UpdatePassword() {
  const t = useT();
  const page = usePage();
  const { csrf } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { form, fields, validation } = useFormWithValidationOnDemand(
    () => import('~/features/personal-data/schemas').then((module) => module.passwordChangeSchema),
    { id: 'password-change', lastResult },
  );
  return (
    <div className="narrow">
      <PageTitle page={page?.id ?? 'updatePassword'}>
        <p>{t('password-change.intro')}</p>
      </PageTitle>
      <AppForm form={form} csrfToken={csrf} validation={validation}>
        <PasswordField
          field={fields.currentPassword}
          label={t('password-change.current')}
          autoComplete="current-password"
          required
        />
        <PasswordField
          field={fields.newPassword}
          label={t('field.new-password')}
          hint={t('password.hint')}
          autoComplete="new-password"
          required
        />
        <button type="submit" className="button">
          {t('password-change.submit')}
        </button>
      </AppForm>
      <BackToData />
    </div>
  );
}
