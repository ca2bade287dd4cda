import type { Locale } from '~/i18n/locales';
import { type Translate } from '~/i18n/translate';
import { formatEuro } from '~/i18n/intl-formats';

/** A tariff's base fee as the price list and the home page write it: "3,00 € pro Jahr", "keine". */
export function baseFeeText(
  tariff: { baseFeeCents: number; baseFeePeriod: 'none' | 'month' | 'year' },
  t: Translate,
  locale: Locale,
): string {
  if (tariff.baseFeePeriod === 'none' || tariff.baseFeeCents === 0) return t('price-list.none');
  const amount = formatEuro(tariff.baseFeeCents, locale);
  return t(tariff.baseFeePeriod === 'year' ? 'price-list.per-year' : 'price-list.per-month', { amount });
}

/** A tariff as a choice names it: "Basis – Grundgebühr: 3,00 € pro Jahr", "Flex – Grundgebühr: keine". */
export function tariffOptionText(
  tariff: { nameDe: string; nameEn: string; baseFeeCents: number; baseFeePeriod: 'none' | 'month' | 'year' },
  t: Translate,
  locale: Locale,
): string {
  const name = locale === 'de' ? tariff.nameDe : tariff.nameEn;
  return t('price-list.tariff-option', { name, fee: baseFeeText(tariff, t, locale) });
}
