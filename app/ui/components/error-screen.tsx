import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { useLocale, useT } from '~/i18n/hooks';
import { pagePath } from '~/i18n/route-table';
import { messageLocale } from '~/i18n/translate';
import { isChunkLoadError, reloadForChunkError } from '~/platform/reload-guard';
import { useEffect } from 'react';
import type { NotFoundData } from '~/shared/navigation/route-validation';
import { AppLink } from './app-link';

/**
 * The error screen (docs/rules/content-and-navigation.md#error-screen): oops icon, heading in the brand's
 * colour, try-again-later text and a 293 px back-to-home button to the current locale's home. No details of
 * the error reach the visitor; the server logs them with the request id.
 */
export function ErrorScreen() {
  const t = useT();
  const locale = useLocale();
  const error = useRouteError();
  useEffect(() => {
    if (isChunkLoadError(error)) reloadForChunkError();
  }, [error]);
  return (
    <main id="main" className="error-screen" tabIndex={-1}>
      <OopsIcon />
      <h1 className="error-screen__heading">{t('dbc-error-oops')}</h1>
      <p>{t('dbc-error-try-again-later')}</p>
      <AppLink className="button error-screen__button" to={pagePath('home', locale)} reloadDocument>
        {t('dbc-btn-back-to-home')}
      </AppLink>
    </main>
  );
}

/** 404: "Page not found: {path}", or "Page Not Found: {path}" when a route parameter was invalid. */
export function NotFoundScreen({ error }: { error: unknown }) {
  const t = useT();
  const locale = useLocale();
  const { pathname } = useLocation();
  const payload = isRouteErrorResponse(error) ? (error.data as Partial<NotFoundData> | undefined) : undefined;
  const path = payload?.path ?? pathname;
  const textKey = payload?.kind === 'route-validation' ? 'error.route-validation.text' : 'error.not-found.text';
  const textLocale = messageLocale(textKey, locale);
  return (
    <main id="main" className="error-screen" tabIndex={-1}>
      <OopsIcon />
      <h1 className="error-screen__heading">{t('error.not-found.title')}</h1>
      <p className="error-screen__detail" lang={textLocale === locale ? undefined : textLocale}>
        {t(textKey, { path })}
      </p>
      <AppLink className="button error-screen__button" to={pagePath('home', locale)} reloadDocument>
        {t('dbc-btn-back-to-home')}
      </AppLink>
    </main>
  );
}

/** The route ErrorBoundary of layouts: 404s keep the page around them, other errors show the error screen. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen error={error} />;
  return <ErrorScreen />;
}

function OopsIcon() {
  return (
    <svg className="error-screen__icon" viewBox="0 0 96 96" width="96" height="96" aria-hidden="true" focusable="false">
      <circle cx="48" cy="48" r="44" fill="none" stroke="currentColor" strokeWidth="6" />
      <circle cx="34" cy="38" r="5" fill="currentColor" />
      <circle cx="62" cy="38" r="5" fill="currentColor" />
      <path d="M30 70c10-10 26-10 36 0" fill="none" stroke="currentColor" strokeWidth="6" strokeLinecap="round" />
    </svg>
  );
}
