import { parsePhone } from '~/features/phone/phone';
import type { Locale } from '~/i18n/locales';

const intlLocale = (locale: Locale) => (locale === 'de' ? 'de-DE' : 'en-GB');

/**
 * Formatting for the personal-data pages. It runs in loaders, on the server, so the browser gets
 * finished text and hydration never depends on the browser's own time zone or ICU data.
 */

/** An instant as Berlin wall-clock date and time: `17.05.2026, 14:03` / `17 May 2026, 14:03`. */
export function formatInstant(instant: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocale(locale), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Berlin',
  }).format(instant);
}

/** Berlin wall-clock time only: `14:03`. */
export function formatTime(instant: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocale(locale), {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/Berlin',
  }).format(instant);
}

/** A calendar date (`yyyy-mm-dd`): `17.05.1990` / `17 May 1990`. */
export function formatCalendarDate(isoDate: string, locale: Locale): string {
  const [year = 1970, month = 1, day = 1] = isoDate.split('-').map(Number);
  return new Intl.DateTimeFormat(intlLocale(locale), {
    day: '2-digit',
    month: locale === 'de' ? '2-digit' : 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, day)));
}

export function formatCents(cents: number, locale: Locale): string {
  return new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency: 'EUR' }).format(cents / 100);
}

/** An E.164 number as people read it: `+49 1512 3456789`. */
export function formatPhone(e164: string): string {
  return parsePhone(e164).international || e164;
}
