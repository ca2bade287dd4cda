import { parsePhone } from '~/shared/phone/phone';
import type { Locale } from '~/i18n/locales';
import { dateTimeFormat, intlLocale } from '~/i18n/intl-formats';

/**
 * Formatting for the personal-data pages. It runs in loaders, on the server, so the browser gets
 * finished text and hydration never depends on the browser's own time zone or ICU data.
 */

/** Berlin wall-clock time only: `14:03`. */
export function formatTime(instant: Date, locale: Locale): string {
  return dateTimeFormat(intlLocale(locale), {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/Berlin',
  }).format(instant);
}

/** A calendar date (`yyyy-mm-dd`): `17.05.1990` / `17 May 1990`. */
export function formatCalendarDate(isoDate: string, locale: Locale): string {
  const [year = 1970, month = 1, day = 1] = isoDate.split('-').map(Number);
  return dateTimeFormat(intlLocale(locale), {
    day: '2-digit',
    month: locale === 'de' ? '2-digit' : 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, day)));
}

/** An E.164 number as people read it: `+49 1512 3456789`. */
export function formatPhone(e164: string): string {
  return parsePhone(e164).international || e164;
}
