import type { Locale } from './locales';

/**
 * Every number, amount, date and plural in the app's two languages, keyed by the locale of the page,
 * the mail or the file it goes into: nothing picks a format of its own, so nothing English comes out
 * with German dates or decimal commas.
 *
 * Intl formats are built once per locale and options. Building one loads locale and time zone data
 * and costs far more than formatting with it, and pages format a date or an amount per row
 * (credit statement, personal data, overview): building them per call showed up in the CPU
 * profiles of bench/overview-vs-floor.mjs.
 */
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();
const pluralRulesByLocale = new Map<string, Intl.PluralRules>();

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = locale + JSON.stringify(options);
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateTimeFormats.set(key, format);
  }
  return format;
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = locale + JSON.stringify(options);
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

/** Cardinal plural rules (`one`, `other`, ...) of a locale. */
export function pluralRules(locale: Locale): Intl.PluralRules {
  let rules = pluralRulesByLocale.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(intlLocale(locale));
    pluralRulesByLocale.set(locale, rules);
  }
  return rules;
}

export function formatEuro(cents: number, locale: Locale): string {
  return numberFormat(intlLocale(locale), { style: 'currency', currency: 'EUR' }).format(cents / 100);
}

/** A calendar date (`yyyy-mm-dd`, Europe/Berlin) as people read it: `31.01.2027` or `31 Jan 2027`. */
export function formatDate(isoDate: string, locale: Locale): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  const format = dateTimeFormat(intlLocale(locale), {
    day: locale === 'de' ? '2-digit' : 'numeric',
    month: locale === 'de' ? '2-digit' : 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return format.format(new Date(Date.UTC(year!, month! - 1, day!)));
}

/**
 * An instant as Berlin wall-clock date and time: `31.01.2026, 14:05` / `31 Jan 2026, 14:05`.
 * Formatted on the server, so the page shows the same text before and after hydration.
 */
export function formatInstant(instant: Date, locale: Locale): string {
  return dateTimeFormat(intlLocale(locale), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Berlin',
  }).format(instant);
}

/** The locale Intl formats people's numbers and dates in. */
export function intlLocale(locale: Locale): 'de-DE' | 'en-GB' {
  return locale === 'de' ? 'de-DE' : 'en-GB';
}

/** A signed amount in euros: `+10,00 €` / `+€10.00`, with a real minus sign (read out as "minus"). */
export function formatSignedEuro(cents: number, locale: Locale): string {
  const amount = numberFormat(intlLocale(locale), {
    style: 'currency',
    currency: 'EUR',
    signDisplay: 'exceptZero',
  }).format(cents / 100);
  return amount.replace('-', '−');
}

/** An amount in euros as a plain number with two decimals, for spreadsheets: `-1234,50` / `-1234.50`. */
export function formatPlainAmount(cents: number, locale: Locale): string {
  return numberFormat(intlLocale(locale), {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: false,
  }).format(cents / 100);
}

/**
 * An instant as Berlin wall-clock date and time in figures, without a time zone name:
 * `31.01.2026 14:05` / `31/01/2026 14:05`. Spreadsheets of the locale read it as a date.
 */
export function formatNumericInstant(instant: Date, locale: Locale): string {
  const parts = Object.fromEntries(
    dateTimeFormat(intlLocale(locale), {
      timeZone: 'Europe/Berlin',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  const separator = locale === 'de' ? '.' : '/';
  return `${parts.day}${separator}${parts.month}${separator}${parts.year} ${parts.hour}:${parts.minute}`;
}

/** A file's size for people, in decimal units as phones show them: `38 byte`, `850 kB`, `1.2 MB`. */
export function formatBytes(bytes: number, locale: Locale): string {
  const [unit, value] =
    bytes >= 1_000_000
      ? (['megabyte', bytes / 1_000_000] as const)
      : bytes >= 1000
        ? (['kilobyte', bytes / 1000] as const)
        : (['byte', bytes] as const);
  return numberFormat(intlLocale(locale), { style: 'unit', unit, maximumFractionDigits: 1 }).format(value);
}
