import { data, useActionData, useLoaderData } from 'react-router';
import type { Route } from './+types/confirm-email-change';
import { servicesContext, sessionContext } from '~/context';
import { checkEmailChangeLink, confirmEmailChange } from '~/features/personal-data/email-change.server';
import { csrfFor } from '~/shared/security/form-page.server';
import { useT } from '~/i18n/hooks';
import { defaultLocale, localeFromPath } from '~/i18n/locales';
import { translator } from '~/i18n/translate';
import { PageLink } from '~/ui/components/page-link';
import { brandedPageTitle, metaBrand } from '~/ui/page-meta';
import { translateMessage } from '~/ui/form/field-shell';
import { submittedForm } from '~/shared/security/submitted-form.server';
import { ButtonForm } from '~/ui/form/button-form';

export const meta: Route.MetaFunction = ({ location, matches }) => [
  brandedPageTitle(
    matches,
    translator(localeFromPath(location.pathname) ?? defaultLocale, metaBrand(matches).id)('email-change.confirm-title'),
  ),
  { name: 'robots', content: 'noindex' },
];

export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

/**
 * The link from the email-change mail opens this page. Like the verification link, it only shows a
 * button: the change applies with the button's POST, so mail scanners that open links cannot use
 * the token up. It works logged in or not (the link may be opened on another device).
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const { database } = context.get(servicesContext);
  const token = url.searchParams.get('token') ?? '';
  const link = await checkEmailChangeLink(database.db, token);
  const csrf = csrfFor(request, context);
  return data(
    {
      csrf: csrf.token,
      token,
      linkError: link.ok ? null : link.error,
      loggedIn: context.get(sessionContext) !== null,
    },
    { headers: csrf.headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const { database } = context.get(servicesContext);
  const token = String((await submittedForm(request, context)).get('token') ?? '');
  return confirmEmailChange({ db: database.db }, token);
}

export default function ConfirmEmailChange() {
  const t = useT();
  const { csrf, token, linkError, loggedIn } = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>();
  const next = (
    <p>
      {loggedIn ? (
        <PageLink page="data">{t('email-change.to-data')}</PageLink>
      ) : (
        <PageLink page="login">{t('email-change.to-login')}</PageLink>
      )}
    </p>
  );
  return (
    <div className="narrow">
      <div className="page-title">
        <h1>{t('email-change.confirm-title')}</h1>
      </div>
      {outcome?.ok ? (
        <div className="notice" role="status">
          <p>{t('email-change.confirmed', { email: outcome.email })}</p>
          {next}
        </div>
      ) : outcome || linkError ? (
        <div className="notice notice--error" role="alert">
          <p>{translateMessage(t, outcome && !outcome.ok ? outcome.error : (linkError ?? ''))}</p>
          {next}
        </div>
      ) : (
        <>
          <p>{t('email-change.confirm-intro')}</p>
          <ButtonForm
            id="confirm-email-change"
            csrf={csrf}
            fields={{ token }}
            label={t('email-change.confirm-submit')}
          />
        </>
      )}
    </div>
  );
}
