import type { Locale } from '~/i18n/locales';
import { type Translate } from '~/i18n/translate';
import { formatEuro } from '~/i18n/intl-formats';

/** What a summary of a tariff names (docs/decisions/0059-paid-orders-summary-before-the-button.md). */
export interface TariffTerms {
  nameDe: string;
  nameEn: string;
  baseFeeCents: number;
  baseFeePeriod: 'none' | 'month' | 'year';
  /** Per started block of `rideBlockMinutes`; 0 for tariffs billed by vehicle class (app/db/schema.ts). */
  ridePriceCents: number;
  rideBlockMinutes: number;
  freeMinutes: number;
  dailyCapCents: number | null;
  term: 'none' | 'monthly' | 'annual';
  firstTermMonths: number;
}

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

/**
 * A tariff as a choice that is ordered names it, with price and term: "Basis – Grundgebühr: 3,00 € pro Jahr;
 * Fahrpreis: 1,00 € je angefangene 30 Minuten; ohne Mindestlaufzeit". The registration's choice carries them, so
 * that without JavaScript the order summary can point at it
 * (docs/decisions/0059-paid-orders-summary-before-the-button.md).
 */
export function tariffOfferText(tariff: TariffTerms, t: Translate, locale: Locale): string {
  return t('tariff.offer', {
    name: locale === 'de' ? tariff.nameDe : tariff.nameEn,
    fee: baseFeeText(tariff, t, locale),
    ride: tariff.ridePriceCents > 0 ? blockPriceText(tariff, t, locale) : t('tariff.ride-by-vehicle-class.short'),
    term: t(`term.short.${tariff.term}`, { months: tariff.firstTermMonths }),
  });
}

/** The price of a ride: per started block with the free minutes, or by vehicle class (cars). */
export function ridePriceText(tariff: TariffTerms, t: Translate, locale: Locale): string {
  if (tariff.ridePriceCents <= 0) return t('tariff.ride-by-vehicle-class');
  const block = blockPriceText(tariff, t, locale);
  return tariff.freeMinutes > 0 ? `${block}. ${t('price-list.free-minutes', { minutes: tariff.freeMinutes })}` : block;
}

function blockPriceText(tariff: TariffTerms, t: Translate, locale: Locale): string {
  return t('price-list.per-started-minutes', {
    amount: formatEuro(tariff.ridePriceCents, locale),
    minutes: tariff.rideBlockMinutes,
  });
}

/** The rows of a tariff's summary before a paid order's button: name, base fee, ride price, daily cap, term. */
export function tariffTermsRows(tariff: TariffTerms, t: Translate, locale: Locale): { label: string; value: string }[] {
  return [
    { label: t('price-list.tariff'), value: locale === 'de' ? tariff.nameDe : tariff.nameEn },
    { label: t('price-list.base-fee'), value: baseFeeText(tariff, t, locale) },
    { label: t('price-list.ride-price'), value: ridePriceText(tariff, t, locale) },
    ...(tariff.dailyCapCents === null
      ? []
      : [{ label: t('price-list.daily-cap'), value: formatEuro(tariff.dailyCapCents, locale) }]),
    { label: t('price-list.term'), value: t(`term.${tariff.term}`) },
  ];
}
