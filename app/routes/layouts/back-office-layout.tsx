import type { ReactNode } from 'react';
import { Form, useLocation } from 'react-router';
import type { StaffRole } from '~/config/back-office';
import { useT } from '~/i18n/hooks';
import { backOfficePath, backOfficePages, type BackOfficePageId } from '~/i18n/back-office-routes';
import { otherLocale } from '~/i18n/locales';
import { useLocale } from '~/i18n/hooks';
import { AppLink, AppNavLink } from '~/ui/components/app-link';
import { SkipLink } from '~/ui/layouts/skip-link';
// The back office's messages come with the whole catalogue (app/i18n/messages/complete.ts).
import '~/i18n/messages/complete';

export interface FrameStaff {
  displayName: string;
  role: StaffRole;
  navigation: BackOfficePageId[];
  csrf: string;
}

/**
 * The back office's frame: its name, the language switch, and for a logged-in staff member their
 * name and role, logout and the navigation of the pages their role may open (from the back
 * office's route table). Same design system as the customer pages; every control works without
 * JavaScript.
 */
export function BackOfficeFrame({ staff, children }: { staff: FrameStaff | null; children: ReactNode }) {
  const t = useT();
  const locale = useLocale();
  const { pathname, search } = useLocation();
  const target = otherLocale(locale);
  const languageHref = `${backOfficePath('language')}?${new URLSearchParams({ to: target, back: `${pathname}${search}` }).toString()}`;
  return (
    <>
      <SkipLink />
      <header className="back-office-bar">
        <AppLink className="back-office-bar__name" to={staff ? backOfficePath('start') : backOfficePath('login')}>
          {t('backoffice.name')}
        </AppLink>
        <div className="back-office-bar__controls">
          {staff ? (
            <span className="back-office-bar__who">
              {t('backoffice.signed-in-as', { name: staff.displayName, role: t(`backoffice.role.${staff.role}`) })}
            </span>
          ) : null}
          <AppLink
            className="back-office-bar__language"
            to={languageHref}
            hrefLang={target}
            lang={target}
            aria-label={t('backoffice.language-switch.label')}
            reloadDocument
          >
            {t('backoffice.language-switch')}
          </AppLink>
          {staff ? (
            <Form method="post" action={backOfficePath('logout')} reloadDocument>
              <input type="hidden" name="csrf" value={staff.csrf} />
              <input type="hidden" name="intent" value="logout" />
              <button type="submit" className="button button--secondary">
                {t('backoffice.logout')}
              </button>
            </Form>
          ) : null}
        </div>
      </header>
      <div className="self-service back-office">
        {staff ? (
          <nav className="self-service__nav" aria-label={t('backoffice.navigation')}>
            <ul>
              {staff.navigation.map((id) => (
                <li key={id}>
                  <AppNavLink to={backOfficePages[id].path} end>
                    {t(`backoffice.page.${id}` as 'backoffice.page.start')}
                  </AppNavLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <main id="main" className="self-service__content" tabIndex={-1}>
          {children}
        </main>
      </div>
    </>
  );
}
