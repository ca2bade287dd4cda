import { dateTimeFormat, numberFormat } from './intl-formats';
import type { Locale } from './locales';
import { consentDe } from './messages/consent.de';
import { consentEn } from './messages/consent.en';
import type { MessageKey } from './messages/de';
import { generalDe } from './messages/general.de';
import { generalEn } from './messages/general.en';

export type { MessageKey };

/**
 * The messages known in this process. Every page starts with the general and the consent catalogue;
 * the rest (forms, accounts, self-service, bike reports: most of the text) would more than double
 * what a content page's first load costs in JavaScript, so it comes with
 * app/i18n/messages/complete.ts, which the server, the tests and every page that needs it import.
 */
export const catalogues: Record<Locale, Partial<Record<MessageKey, string>>> = {
  de: { ...generalDe, ...consentDe },
  en: { ...generalEn, ...consentEn },
};

export function addCatalogues(more: Record<Locale, Partial<Record<MessageKey, string>>>): void {
  Object.assign(catalogues.de, more.de);
  Object.assign(catalogues.en, more.en);
}

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/** A translator for one locale; `{name}` placeholders are filled from params. */
export function translator(locale: Locale): Translate {
  const messages = catalogues[locale];
  return (key, params) => {
    // A key of a catalogue this page did not load shows as itself: visible, and never a crash.
    const message = messages[key] ?? key;
    if (!params) return message;
    return message.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
  };
}

export function hasMessage(key: string): key is MessageKey {
  return Object.hasOwn(catalogues.de, key);
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
