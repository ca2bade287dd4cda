import type { Brand } from '~/config/brand';
import type { Locale } from '~/i18n/locales';

/**
 * The station terminal (docs/rules/bike-reports.md#station-terminal). `/terminal` is its start screen in
 * the terminal browser's own language; the flows carry the locale as their first segment, like every other
 * page, so that language, messages and mails follow the visitor's choice. These paths are not in the route
 * table: the table's pages all have the site's header and footer, the terminal has neither (app/routes.ts
 * registers them under the base layout).
 */
export const terminalHome = '/terminal';

/**
 * The brands whose stations have a terminal: bike stations only. On another brand every terminal path
 * is not found, like a page of the route table that names other brands
 * (docs/rules/reports.md#report-pages-per-brand).
 */
export const terminalBrands: readonly Brand[] = ['cab'];

export interface TerminalPaths {
  start: string;
  report: string;
  register: string;
  /** The cancellation button and the withdrawal function, which every page offers (docs/rules/contract-and-cancellation.md#withdrawal). */
  cancel: string;
  withdraw: string;
}

export const terminalPaths: Record<Locale, TerminalPaths> = {
  de: {
    start: '/de/terminal',
    report: '/de/terminal/melden',
    register: '/de/terminal/registrieren',
    cancel: '/de/terminal/kuendigen',
    withdraw: '/de/terminal/widerrufen',
  },
  en: {
    start: '/en/terminal',
    report: '/en/terminal/report',
    register: '/en/terminal/register',
    cancel: '/en/terminal/cancel',
    withdraw: '/en/terminal/withdraw',
  },
};

/**
 * Every terminal page but `/terminal` itself times out: the flows, and the start screens in a
 * chosen language (the next visitor starts in the terminal's own language).
 */
export function hasIdleTimeout(pathname: string): boolean {
  const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return path !== terminalHome;
}

/** Whether a path belongs to the station terminal: its start screen or one of its flows. */
export function isTerminalPath(pathname: string): boolean {
  const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return (
    path === terminalHome ||
    Object.values(terminalPaths).some(({ start }) => path === start || path.startsWith(`${start}/`))
  );
}
