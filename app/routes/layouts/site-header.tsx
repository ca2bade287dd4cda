import { useLocation } from 'react-router';
import { useRootData } from '~/root';
import { useT } from '~/i18n/hooks';
import { reportPageOf } from '~/i18n/route-table';
import { AccountControls, VerificationBanner } from './account-controls';
import { LocaleSwitch } from '~/ui/components/locale-switch';
import { Logo } from '~/ui/components/logo';
import { PageLink } from '~/ui/components/page-link';

export function SiteHeader() {
  const t = useT();
  const root = useRootData();
  const { pathname } = useLocation();
  if (!root) return null;
  // The reminder follows the header rather than sitting in it, so that it scrolls away with the page
  // instead of making the sticky header taller. On a phone the navigation folds into a menu that
  // opens without JavaScript (`<details>`), so that the header stays one row; from 700 px it is always
  // open and its button hidden (styles.css). Keyed by the path, it is closed again on every page.
  return (
    <>
      <header className="site-header">
        <div className="site-header__inner">
          <PageLink
            page="home"
            className="site-header__home"
            aria-label={t('app.home-link', { brand: root.brand.name })}
          >
            <Logo brand={root.brand} logoUrl={root.site.configuration.logo?.url} />
          </PageLink>
          <details className="site-menu" key={pathname}>
            <summary className="site-menu__button">{t('app.menu')}</summary>
            <nav aria-label={t('app.main-navigation')} className="site-nav">
              <ul>
                <li>
                  <PageLink page="priceList">{t('nav.price-list')}</PageLink>
                </li>
                <li>
                  {/* Each brand's own report page (docs/rules/reports.md#report-pages-per-brand). */}
                  {reportPageOf(root.brand.id) === 'reportBike' ? (
                    <PageLink page="reportBike">{t('nav.report-bike')}</PageLink>
                  ) : (
                    <PageLink page="reportDamage">{t('nav.report-damage')}</PageLink>
                  )}
                </li>
                <li>
                  <PageLink page="getTheApp">{t('nav.get-the-app')}</PageLink>
                </li>
                <li>
                  <PageLink page="selfService">{t('nav.self-service')}</PageLink>
                </li>
                <li>
                  <AccountControls />
                </li>
              </ul>
            </nav>
          </details>
          <LocaleSwitch />
        </div>
      </header>
      <VerificationBanner />
    </>
  );
}
