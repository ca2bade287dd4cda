import { isTerminalPath } from '~/features/bike-reports/public';
import { safeRedirect } from '~/shared/navigation/safe-redirect';
import { findPage, isWebView } from '~/i18n/route-table';
import { isConsentChoice, type ConsentChoice } from '../../shared/consent/consent-cookie';

/**
 * The query parameter that opens the dialog on a freshly rendered page. Without JavaScript, the
 * dialog's buttons and the footer's "privacy settings" button are GET forms that add it to the
 * current page: `open` shows the dialog, `accepted`/`rejected` show it with that choice to confirm.
 * A page with a query string is never taken from the page cache, so that page can carry the CSRF
 * token the confirming POST needs (docs/decisions/0011-consent-and-analytics.md).
 */
export const consentPromptParam = 'consent';
export type ConsentPrompt = 'open' | ConsentChoice;

export function consentPromptFrom(search: string | URLSearchParams): ConsentPrompt | null {
  const value = (typeof search === 'string' ? new URLSearchParams(search) : search).get(consentPromptParam);
  return value === 'open' || isConsentChoice(value) ? value : null;
}

/**
 * Pages the consent dialog and page views stay away from: web views, and the station terminal — a
 * shared kiosk where one person's choice must not carry over to the next, and where nothing may
 * lead out of the flow (the dialog links to the privacy statement).
 */
export function isOutsideConsent(pathname: string, search: string | URLSearchParams = ''): boolean {
  return isWebView(pathname, search) || isTerminalPath(pathname);
}

/**
 * Pages the dialog never covers by itself: the privacy statement, which the dialog links to and which
 * must be readable before deciding, and the cancellation and withdrawal pages, where nothing may be put
 * in the way (docs/rules/contract-and-cancellation.md#withdrawal).
 */
const pagesWithoutDialog = new Set(['privacy', 'cancelContract', 'withdrawContract']);

/** Whether a page shows the dialog by itself while nothing is chosen: not in web views, nor on `pagesWithoutDialog`. */
export function asksOnItsOwn(pathname: string, search: string | URLSearchParams = ''): boolean {
  const id = findPage(pathname)?.id;
  return !isOutsideConsent(pathname, search) && !(id && pagesWithoutDialog.has(id));
}

/**
 * Where to go after the choice was stored without JavaScript: a local path of ours, normalised and
 * checked like every redirect target (safe-redirect.ts), with the prompt parameter removed; the
 * start of the site otherwise.
 */
export function safeReturnPath(value: unknown, fallback = '/'): string {
  const path = safeRedirect(value, fallback);
  const url = new URL(path, 'http://app.invalid');
  url.searchParams.delete(consentPromptParam);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The current path and query without the prompt parameter, for forms that come back here. */
export function currentPathWithoutPrompt(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete(consentPromptParam);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}
