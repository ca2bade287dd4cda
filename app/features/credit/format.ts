import type { Locale } from '~/i18n/locales';

/**
 * Instants as customers read them, always in Europe/Berlin: `31.01.2026, 14:05` / `31 Jan 2026,
 * 14:05`. Formatted on the server, so the page shows the same text before and after hydration.
 */
export function formatInstant(instant: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'de' ? 'de-DE' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Berlin',
  }).format(instant);
}

/** A signed amount in euros: `+10,00 €`, `−1,50 €` (a real minus sign, read out as "minus"). */
export function formatSignedEuro(cents: number, locale: Locale): string {
  const amount = new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-GB', {
    style: 'currency',
    currency: 'EUR',
    signDisplay: 'exceptZero',
  }).format(cents / 100);
  return amount.replace('-', '−');
}
