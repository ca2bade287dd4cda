import { Outlet } from 'react-router';
import { useT } from '~/i18n/hooks';
import { DeclarationLinks } from '~/ui/components/declaration-links';

/**
 * The page as the native apps' web views show it: content only, no header or footer links that
 * would leave the app's flow, but for the cancellation and withdrawal links every page must offer,
 * which lead to the web views' own copies (docs/rules/contract-and-cancellation.md#withdrawal). Its own module, without the message catalogue the embedded layout
 * imports, so that the main layout can use it and content pages stay without that catalogue
 * (docs/decisions/0014).
 */
export function EmbeddedMain() {
  const t = useT();
  return (
    <>
      <main id="main" className="embedded" tabIndex={-1}>
        <Outlet />
      </main>
      {/* A navigation landmark, not a footer: the app's web view has no site footer. */}
      <nav className="embedded-footer" aria-label={t('footer.declarations')}>
        <DeclarationLinks />
      </nav>
    </>
  );
}
