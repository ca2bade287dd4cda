import { contentPagePath, linkedContentPages } from '~/features/content/content-links';
import { useRootData } from '~/root';
import { useLocale, useT } from '~/i18n/hooks';
import { ConsentSettingsItem } from '~/features/consent/components/consent-dialog';
import { AppLink } from '~/ui/components/app-link';
import { PageLink } from '~/ui/components/page-link';
import { DeclarationLinks } from '~/ui/components/declaration-links';

/**
 * Footer of every non-embedded page, with the cancellation button and the withdrawal function the law
 * asks for (docs/rules/contract-and-cancellation.md#cancellation-button, #withdrawal).
 */
export function SiteFooter() {
  const t = useT();
  const locale = useLocale();
  const root = useRootData();
  if (!root) return null;
  const { configuration, apps, socialMedias } = root.site;
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <nav className="site-footer__cancel" aria-label={t('footer.declarations')}>
          <DeclarationLinks />
        </nav>
        <nav aria-label={t('footer.legal')}>
          <h2>{t('footer.legal')}</h2>
          <ul>
            <li>
              <PageLink page="privacy">{t('footer.privacy')}</PageLink>
            </li>
            <ConsentSettingsItem />
            <li>
              <PageLink page="priceList">{t('footer.price-list')}</PageLink>
            </li>
            <li>
              <PageLink page="accessibilityStatement">{t('footer.accessibility')}</PageLink>
            </li>
            <li>
              <PageLink page="sitemap">{t('footer.sitemap')}</PageLink>
            </li>
            {linkedContentPages.map((page) => (
              <li key={page.slug}>
                <AppLink to={contentPagePath(page.slug, locale)}>{t(page.title)}</AppLink>
              </li>
            ))}
          </ul>
        </nav>
        {apps.length > 0 ? (
          <nav aria-label={t('footer.apps')}>
            <h2>{t('footer.apps')}</h2>
            <ul>
              {apps.map((app) => (
                <li key={app.id}>
                  <a href={app.storeUrl} rel="noopener">
                    {app.badgeText[locale] ?? app.name}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {socialMedias.length > 0 ? (
          <nav aria-label={t('footer.social')}>
            <h2>{t('footer.social')}</h2>
            <ul>
              {socialMedias.map((social) => (
                <li key={social.id}>
                  <a href={social.url} rel="noopener">
                    {social.name}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <p className="site-footer__service">
          {t('footer.customer-service', { phone: configuration.customerServicePhone })}
        </p>
      </div>
    </footer>
  );
}
