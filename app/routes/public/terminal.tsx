import type { Route } from './+types/terminal';
import { terminalPaths } from '~/features/bike-reports/terminal-paths';
import { useLocale, useT } from '~/i18n/hooks';
import { locales } from '~/i18n/locales';
import { translator } from '~/i18n/translate';
import { useRootData } from '~/root';
import { brandedPageTitle, metaBrand, privatePageHeaders } from '~/ui/page-meta';
import { AppLink } from '~/ui/components/app-link';

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches.find((match) => match?.id === 'root')?.data as { locale?: 'de' | 'en' } | undefined;
  return [
    brandedPageTitle(matches, translator(root?.locale ?? 'de', metaBrand(matches).id)('page.terminal.title')),
    { name: 'robots', content: 'noindex' },
  ];
};
// What a terminal shows depends on its browser's language; nothing to share between terminals.
export const headers = privatePageHeaders;

/**
 * The station terminal's start screen (`/terminal`, and `/de/terminal`, `/en/terminal` once a
 * language was chosen): two big choices, register or report a bike, and the language.
 */
export default function TerminalStart() {
  const t = useT();
  const locale = useLocale();
  const root = useRootData();
  const paths = terminalPaths[locale];
  return (
    <div className="terminal-start">
      <div className="page-title">
        <h1>{t('terminal.title', { brand: root?.brand.name ?? '' })}</h1>
        <p className="lead">{t('terminal.lead')}</p>
      </div>
      <ul className="terminal-start__choices" aria-label={t('terminal.choices')}>
        <li>
          <AppLink className="terminal-choice" to={paths.register} aria-describedby="terminal-register-hint">
            <span className="terminal-choice__title">{t('terminal.register')}</span>
            <span className="terminal-choice__hint" id="terminal-register-hint">
              {t('terminal.register.hint')}
            </span>
          </AppLink>
        </li>
        <li>
          <AppLink className="terminal-choice" to={paths.report} aria-describedby="terminal-report-hint">
            <span className="terminal-choice__title">{t('terminal.report')}</span>
            <span className="terminal-choice__hint" id="terminal-report-hint">
              {t('terminal.report.hint')}
            </span>
          </AppLink>
        </li>
      </ul>
      <nav className="terminal-start__languages" aria-label={t('terminal.language')}>
        <ul>
          {locales.map((other) => (
            <li key={other}>
              <AppLink
                className="button button--secondary"
                to={terminalPaths[other].start}
                lang={other}
                hrefLang={other}
                aria-current={other === locale ? 'true' : undefined}
              >
                {other === 'de' ? 'Deutsch' : 'English'}
              </AppLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
