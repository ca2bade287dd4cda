import type { Brand } from '~/config/brand';
import type { Locale } from '~/i18n/locales';
import { translator } from '~/i18n/translate';
import type { LedgerEntry } from './ledger.server';
import { formatNumericInstant, formatPlainAmount } from '~/i18n/intl-formats';
import { csvField } from '~/shared/csv/csv-field';

/**
 * The ledger as CSV for spreadsheets (docs/decisions/0008, 0028): UTF-8 with a byte order mark (else
 * Excel reads umlauts and € as Latin-1), CRLF line ends, dates in Europe/Berlin, and everything else
 * as a spreadsheet of the page's language reads it: in German semicolons between fields (Excel's
 * separator where the decimal separator is a comma), decimal commas and `dd.mm.yyyy hh:mm`; in
 * English commas, decimal points and `dd/mm/yyyy hh:mm`.
 */
export const csvBom = '\uFEFF';

const separators: Record<Locale, string> = { de: ';', en: ',' };

export function ledgerCsv(entries: readonly LedgerEntry[], locale: Locale, brand: Brand): string {
  const t = translator(locale, brand);
  const separator = separators[locale];
  const header = [t('credit.csv.date'), t('credit.csv.kind'), t('credit.csv.reference'), t('credit.csv.amount')];
  const rows = entries.map((entry) => [
    formatNumericInstant(entry.createdAt, locale),
    t(`credit.kind.${entry.kind}`),
    entry.reference ?? '',
    formatPlainAmount(entry.amountCents, locale),
  ]);
  // The amount column is a number and may start with a minus; text columns may not start a formula.
  const line = (row: string[]) =>
    row.map((value, index) => csvField(value, separator, { numeric: index === 3 })).join(separator);
  return csvBom + [header, ...rows].map(line).join('\r\n') + '\r\n';
}

export function csvFileName(locale: Locale, today: string): string {
  return `${locale === 'de' ? 'guthaben' : 'balance'}-${today}.csv`;
}
