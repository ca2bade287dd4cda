import type { Locale } from '~/i18n/locales';
import { numberFormat } from '~/i18n/intl-formats';
import { intlLocale } from '~/i18n/translate';

/** A signed amount in euros: `+10,00 €`, `−1,50 €` (a real minus sign, read out as "minus"). */
export function formatSignedEuro(cents: number, locale: Locale): string {
  const amount = numberFormat(intlLocale(locale), {
    style: 'currency',
    currency: 'EUR',
    signDisplay: 'exceptZero',
  }).format(cents / 100);
  return amount.replace('-', '−');
}
