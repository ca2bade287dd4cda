import type { Locale } from '~/i18n/locales';
import { translator } from '~/i18n/translate';
import type { LedgerEntry } from './ledger.server';
import { dateTimeFormat } from '~/i18n/intl-formats';

/**
 * The ledger as CSV for spreadsheets (docs/decisions/0008): made for Excel as German customers have
 * it — UTF-8 with a byte order mark (else Excel reads umlauts and € as Latin-1), semicolons between
 * fields (Excel's separator where the decimal separator is a comma), decimal commas, dates as
 * `dd.mm.yyyy hh:mm` in Europe/Berlin, CRLF line ends. Only the column names and kinds follow the
 * page's language, so the numbers open the same for every customer.
 */
export const csvBom = '\uFEFF';

export function ledgerCsv(entries: readonly LedgerEntry[], locale: Locale): string {
  const t = translator(locale);
  const header = [t('credit.csv.date'), t('credit.csv.kind'), t('credit.csv.reference'), t('credit.csv.amount')];
  const rows = entries.map((entry) => [
    csvDate(entry.createdAt),
    t(`credit.kind.${entry.kind}`),
    entry.reference ?? '',
    (entry.amountCents / 100).toFixed(2).replace('.', ','),
  ]);
  return csvBom + [header, ...rows].map((row) => row.map(field).join(';')).join('\r\n') + '\r\n';
}

/** Quotes what needs quoting, and defuses text that a spreadsheet would run as a formula. */
function field(value: string, index: number): string {
  // The amount column is a number and may start with a minus; text columns may not start a formula.
  const safe = index !== 3 && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function csvDate(instant: Date): string {
  const parts = Object.fromEntries(
    dateTimeFormat('de-DE', {
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
  return `${parts.day}.${parts.month}.${parts.year} ${parts.hour}:${parts.minute}`;
}

export function csvFileName(locale: Locale, today: string): string {
  return `${locale === 'de' ? 'guthaben' : 'balance'}-${today}.csv`;
}
