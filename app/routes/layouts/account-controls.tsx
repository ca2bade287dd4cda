import { Form, useLocation } from 'react-router';
import { useRootData } from '~/root';
import { withCarriedQuery } from '~/shared/navigation/carry-query';
import { csrfFieldName } from '~/shared/security/form-fields';
import { useLocale, useT } from '~/i18n/hooks';
import { PageLink } from '~/ui/components/page-link';

/** Header entry: the login link, or for a logged-in customer the self-service link and logout. */
export function AccountControls() {
  const t = useT();
  const locale = useLocale();
  const root = useRootData();
  const { search } = useLocation();
  if (!root?.customer || !root.csrf) {
    return <PageLink page="login">{t('nav.login')}</PageLink>;
  }
  // The travelling query values ride along in the action's address, for the redirect to the login.
  return (
    <Form method="post" action={withCarriedQuery('/resources/logout', search)} className="logout-form">
      <input type="hidden" name={csrfFieldName} value={root.csrf} />
      <input type="hidden" name="locale" value={locale} />
      <button type="submit" className="link-button">
        {t('logout.submit')}
      </button>
    </Form>
  );
}

/** Reminds an unverified customer to confirm the email address, with a button for a new link. */
export function VerificationBanner() {
  const t = useT();
  const root = useRootData();
  const { pathname, search } = useLocation();
  if (!root?.customer || root.customer.emailVerified || !root.csrf) return null;
  const state = new URLSearchParams(search).get('verification');
  return (
    <div className="banner" role="region" aria-label={t('verify.banner')}>
      <p>{t('verify.banner')}</p>
      {state === 'sent' || state === 'limited' ? (
        <p role="status">{t(state === 'sent' ? 'verify.resent' : 'verify.resend-limited')}</p>
      ) : (
        <Form method="post" action="/resources/resend-verification">
          <input type="hidden" name={csrfFieldName} value={root.csrf} />
          <input type="hidden" name="returnTo" value={`${pathname}${search}`} />
          <button type="submit" className="button button--secondary">
            {t('verify.resend')}
          </button>
        </Form>
      )}
    </div>
  );
}
