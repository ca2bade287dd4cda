import type { Locale } from './locales';
import { de, type MessageKey } from './messages/de';
import { en } from './messages/en';

export type { MessageKey };
export const catalogues: Record<Locale, Record<MessageKey, string>> = { de, en };

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/** A translator for one locale; `{name}` placeholders are filled from params. */
export function translator(locale: Locale): Translate {
  const messages = catalogues[locale];
  return (key, params) => {
    const message = messages[key];
    if (!params) return message;
    return message.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
  };
}

export function hasMessage(key: string): key is MessageKey {
  return Object.hasOwn(de, key);
}

export function formatEuro(cents: number, locale: Locale): string {
  return new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-GB', { style: 'currency', currency: 'EUR' }).format(
    cents / 100,
  );
}

/** A calendar date (`yyyy-mm-dd`, Europe/Berlin) as people read it: `31.01.2027` or `31 Jan 2027`. */
export function formatDate(isoDate: string, locale: Locale): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  return new Intl.DateTimeFormat(locale === 'de' ? 'de-DE' : 'en-GB', {
    day: locale === 'de' ? '2-digit' : 'numeric',
    month: locale === 'de' ? '2-digit' : 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}
