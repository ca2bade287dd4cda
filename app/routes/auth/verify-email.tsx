import { data, useActionData, useLoaderData } from 'react-router';
import type { Route } from './+types/verify-email';
import { servicesContext } from '~/context';
import { verifyEmail } from '~/features/accounts/email-verification.server';
import { csrfFor } from '~/shared/security/form-page.server';
import { useT } from '~/i18n/hooks';
import { PageTitle } from '~/ui/components/page-header';
import { PageLink } from '~/ui/components/page-link';
import { translateMessage } from '~/ui/form/field-shell';
import { namedPageMeta } from '~/ui/page-meta';
import { submittedForm } from '~/shared/security/submitted-form.server';
import { ButtonForm } from '~/ui/form/button-form';

export const meta = namedPageMeta;

/**
 * The link from the verification mail opens this page; the address is confirmed only by the
 * button's POST, so that mail scanners that open links cannot use the token up.
 */
export function loader({ request, url, context }: Route.LoaderArgs) {
  const csrf = csrfFor(request, context);
  return data({ csrf: csrf.token, token: url.searchParams.get('token') ?? '' }, { headers: csrf.headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const token = String((await submittedForm(request, context)).get('token') ?? '');
  return verifyEmail(context.get(servicesContext), token);
}

export default function VerifyEmail() {
  const t = useT();
  const { csrf, token } = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>();
  return (
    <div className="narrow">
      <PageTitle page="verifyEmail" />
      {outcome?.ok ? (
        <div className="notice" role="status">
          <p>{t('verify.done')}</p>
          <p>
            <PageLink page="selfService">{t('page.selfService.title')}</PageLink>
          </p>
        </div>
      ) : (
        <>
          {outcome && !outcome.ok ? (
            <p className="notice notice--error" role="alert">
              {translateMessage(t, outcome.error)}
            </p>
          ) : (
            <p>{t('verify.intro')}</p>
          )}
          <ButtonForm id="verify-email" csrf={csrf} fields={{ token }} label={t('verify.submit')} />
        </>
      )}
    </div>
  );
}
