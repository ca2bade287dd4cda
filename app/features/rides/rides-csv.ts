import type { Brand } from '~/config/brand';
import type { Locale } from '~/i18n/locales';
import { formatNumericInstant, formatPlainAmount } from '~/i18n/intl-formats';
import { translator } from '~/i18n/translate';
import { csvField } from '~/shared/csv/csv-field';
import type { RideEntry } from './ride-list.server';
import { rideExplanation, rideKilometres, rideVehicleText, startedMinutes } from './ride-text';

/**
 * The rides as CSV for spreadsheets, in the credit statement's format (app/features/credit/credit-csv.ts,
 * docs/decisions/0008, 0028): UTF-8 with a byte order mark, CRLF line ends, times in Europe/Berlin; in
 * German semicolons, decimal commas and `dd.mm.yyyy hh:mm`, in English commas, decimal points and
 * `dd/mm/yyyy hh:mm`. Every text field is defused against spreadsheet formulas (`csvField`).
 */
const bom = '\uFEFF';

const separators: Record<Locale, string> = { de: ';', en: ',' };

/** The columns that hold numbers, whose minus sign is wanted: duration, distance, price. */
const numericColumns = new Set([2, 4, 5]);

export function ridesCsv(rides: readonly RideEntry[], locale: Locale, brand: Brand): string {
  const t = translator(locale, brand);
  const separator = separators[locale];
  const header = [
    t('rides.csv.start'),
    t('rides.csv.end'),
    t('rides.csv.duration'),
    t('rides.csv.vehicle'),
    t('rides.csv.distance'),
    t('rides.csv.price'),
    t('rides.csv.breakdown'),
    t('rides.csv.trip'),
  ];
  const rows = rides.map((ride) => [
    formatNumericInstant(ride.startTime, locale),
    formatNumericInstant(ride.endTime, locale),
    String(startedMinutes(ride.breakdown.durationMs)),
    rideVehicleText(ride, locale, t),
    rideKilometres(ride, locale) ?? '',
    formatPlainAmount(ride.priceCents, locale),
    rideExplanation(ride.breakdown, locale, t).join('; '),
    ride.tripId,
  ]);
  const line = (row: string[]) =>
    row.map((value, index) => csvField(value, separator, { numeric: numericColumns.has(index) })).join(separator);
  return bom + [header, ...rows].map(line).join('\r\n') + '\r\n';
}

export function ridesCsvFileName(locale: Locale, today: string): string {
  return `${locale === 'de' ? 'fahrten' : 'rides'}-${today}.csv`;
}
