import { useLocation, useMatches } from 'react-router';
import { localeSwitchHref } from '~/shared/navigation/carry-query';
import { useBrand, useLocale, useT } from '~/i18n/hooks';
import { localeCookieName, otherLocale } from '~/i18n/locales';
import { currentRouteMeta } from '~/i18n/route-meta';
import { pagePath } from '~/i18n/route-table';
import { RouterLink } from './router-link';

/**
 * Links the current page's counterpart in the other locale (from the route metadata's
 * localizations); a page without one leads to that locale's home.
 */
export function LocaleSwitch() {
  const t = useT();
  const locale = useLocale();
  const brand = useBrand();
  const { pathname, search } = useLocation();
  const target = otherLocale(locale);
  const counterpart = currentRouteMeta(pathname, useMatches(), brand)?.localizations.find(
    (localization) => localization.locale === target,
  );
  const href = localeSwitchHref(counterpart?.path ?? pagePath('home', target), search);
  return (
    <RouterLink
      className="locale-switch"
      to={href}
      hrefLang={target}
      lang={target}
      aria-label={t('app.locale-switch.label')}
      onClick={() => {
        // Remembered for `/`, which sends visitors to their language's home page.
        document.cookie = `${localeCookieName}=${target}; path=/; max-age=31536000; samesite=lax`;
      }}
    >
      {t('app.locale-switch')}
    </RouterLink>
  );
}
