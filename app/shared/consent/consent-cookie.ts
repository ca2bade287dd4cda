import { readCookie } from '~/platform/cookies';

/**
 * The visitor's answer to the consent dialog, kept in a first-party cookie. The cookie is strictly
 * necessary (it stores the answer to the question whether anything else may be stored), so it needs
 * no consent itself. It is readable by scripts on purpose: the dialog writes it in the browser, and a
 * cookie set httpOnly by the server could not be overwritten there.
 *
 * The value is `v{version}.{choice}`. Raising {@link consentVersion} (when the purposes or the
 * analytics provider change) makes every stored answer invalid, so everyone is asked again.
 */
export const consentCookieName = 'consent';
export const consentVersion = 1;
export const consentChoices = ['accepted', 'rejected'] as const;
export type ConsentChoice = (typeof consentChoices)[number];

/** A year: long enough not to nag, short enough that the question comes back now and then. */
export const consentMaxAgeSeconds = 365 * 24 * 60 * 60;

export function isConsentChoice(value: unknown): value is ConsentChoice {
  return typeof value === 'string' && (consentChoices as readonly string[]).includes(value);
}

/** The choice a cookie value stands for, or null when it is missing, malformed or of another version. */
export function parseConsentValue(value: string | undefined | null): ConsentChoice | null {
  const match = /^v(\d{1,4})\.(\w+)$/.exec(value ?? '');
  if (!match || Number(match[1]) !== consentVersion) return null;
  return isConsentChoice(match[2]) ? match[2] : null;
}

export function consentValue(choice: ConsentChoice): string {
  return `v${consentVersion}.${choice}`;
}

/** The visitor's current choice, from a request's Cookie header (or `document.cookie`). */
export function consentFromCookies(cookieHeader: string | null | undefined): ConsentChoice | null {
  return parseConsentValue(readCookie(cookieHeader ?? null, consentCookieName));
}

/** The Set-Cookie value (server) or `document.cookie` assignment (browser) that stores a choice. */
export function consentCookie(choice: ConsentChoice, secure: boolean): string {
  return `${consentCookieName}=${consentValue(choice)}; Path=/; Max-Age=${consentMaxAgeSeconds}; SameSite=Lax${
    secure ? '; Secure' : ''
  }`;
}

/**
 * The server's page cache keeps one copy of an anonymous page per consent state: the page of a
 * visitor who has not chosen yet carries the dialog, the others do not (and their root data names
 * the choice). The key of the undecided copy is the plain path, so it stays what it always was.
 */
export function pageCacheKey(pathname: string, cookieHeader: string | null | undefined): string {
  const choice = consentFromCookies(cookieHeader);
  return choice ? `${pathname}\n${choice}` : pathname;
}
