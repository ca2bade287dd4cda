import { Outlet } from 'react-router';

/**
 * The page as the native apps' web views show it: content only, no header or footer links that
 * would leave the app's flow. Its own module, without the message catalogue the embedded layout
 * imports, so that the main layout can use it and content pages stay without that catalogue
 * (docs/decisions/0014).
 */
export function EmbeddedMain() {
  return (
    <main id="main" className="embedded" tabIndex={-1}>
      <Outlet />
    </main>
  );
}
