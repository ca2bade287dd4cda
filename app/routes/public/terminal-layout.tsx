import type { Route } from './+types/terminal-layout';
import { Outlet, useLocation } from 'react-router';
import { TerminalIdleTimeout } from '~/features/bike-reports/terminal-idle';
import { hasIdleTimeout, terminalHome, terminalPaths } from '~/features/bike-reports/terminal-paths';
import { useLocale, useT } from '~/i18n/hooks';
import { useRootData } from '~/root';
import { Logo } from '~/ui/components/logo';
import { WithCustomerMessages } from '~/ui/layouts/with-customer-messages';
import { AppLink } from '~/ui/components/app-link';
import { DeclarationLinks } from '~/ui/components/declaration-links';
import { requireServedPage } from '~/request-scope.server';

/**
 * A page of another brand, or the terminal where the brand has none, is not found
 * (docs/rules/reports.md#report-pages-per-brand).
 */
export function loader({ url, context }: Route.LoaderArgs) {
  return requireServedPage(url, context);
}

/**
 * The station terminal's frame, inside the base layout: the brand, a way back to the start from
 * inside a flow, and the idle timeout. No links that leave the terminal's flows; larger touch
 * targets come from the `terminal` class (app/ui/styles.css). It shows customer messages, so it hydrates
 * once they are there, like the pages under app/ui/layouts/all-messages-layout.tsx.
 */
export default function TerminalLayout() {
  return (
    <WithCustomerMessages>
      <TerminalFrame />
    </WithCustomerMessages>
  );
}

function TerminalFrame() {
  const t = useT();
  const locale = useLocale();
  const root = useRootData();
  const { pathname } = useLocation();
  const startScreen = pathname === terminalHome || Object.values(terminalPaths).some((p) => p.start === pathname);
  return (
    <div className="terminal">
      <div className="terminal__bar">
        {root ? <Logo brand={root.brand} logoUrl={root.site.configuration.logo?.url} /> : null}
        {startScreen ? null : (
          <AppLink className="button button--secondary" to={terminalHome} replace>
            {t('terminal.start')}
          </AppLink>
        )}
      </div>
      <Outlet />
      <nav className="terminal__footer" aria-label={t('footer.declarations')}>
        <DeclarationLinks paths={terminalPaths[locale]} />
      </nav>
      {/* A new page starts a new count; the start screen itself never times out. */}
      {hasIdleTimeout(pathname) ? <TerminalIdleTimeout key={pathname} startPath={terminalHome} /> : null}
    </div>
  );
}
