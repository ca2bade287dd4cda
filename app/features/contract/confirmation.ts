import type { Brand } from '~/config/brand';
import type { Locale } from '~/i18n/locales';
import { translator } from '~/i18n/translate';
import { dateTimeFormat, formatDate, intlLocale } from '~/i18n/intl-formats';

/**
 * What the confirmation of a cancellation shows, on the page and in the mail alike (§312k (4) BGB:
 * content, date and time of receipt, and when the contract ends;
 * docs/rules/contract-and-cancellation.md#cancellation-confirmation).
 */
export interface CancellationConfirmation {
  reference: string;
  /** ISO instant. */
  receivedAt: string;
  kind: 'ordinary' | 'extraordinary' | 'withdrawal';
  reason: string | null;
  name: string;
  identifier: string;
  contractLabel: string;
  /** `yyyy-mm-dd`, or null for "the earliest possible". */
  requestedEndDate: string | null;
  /** `yyyy-mm-dd` when the declaration was assigned to a contract; null: the end date follows by mail. */
  effectiveEndDate: string | null;
  /** The requested date was earlier than possible and the earliest possible date applies instead. */
  adjusted: boolean;
  confirmationEmail: string;
}

/** An instant as a Berlin wall-clock time, the same on server and browser: `14.05.2026, 10:23 MESZ`. */
export function formatBerlinDateTime(iso: string, locale: Locale): string {
  return dateTimeFormat(intlLocale(locale), {
    timeZone: 'Europe/Berlin',
    day: locale === 'de' ? '2-digit' : 'numeric',
    month: locale === 'de' ? '2-digit' : 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(iso));
}

export interface ConfirmationRow {
  label: string;
  value: string;
}

/** The confirmation as label/value rows, in the order the page and the mail show them. */
export function confirmationRows(
  confirmation: CancellationConfirmation,
  locale: Locale,
  brand: Brand,
): ConfirmationRow[] {
  const t = translator(locale, brand);
  const rows: ConfirmationRow[] = [
    { label: t('cancel.confirmation.reference'), value: confirmation.reference },
    { label: t('cancel.confirmation.received'), value: formatBerlinDateTime(confirmation.receivedAt, locale) },
    {
      label: t(confirmation.kind === 'withdrawal' ? 'withdrawal.declaration-kind' : 'cancel.kind'),
      value: t(`cancel.kind.${confirmation.kind}`),
    },
  ];
  if (confirmation.reason) rows.push({ label: t('cancel.reason'), value: confirmation.reason });
  rows.push(
    { label: t('cancel.name'), value: confirmation.name },
    { label: t('cancel.identifier'), value: confirmation.identifier },
    { label: t('cancel.confirmation.contract'), value: confirmation.contractLabel },
  );
  // A withdrawal ends the contract at once: it has no end date to declare, and its public answer no outcome.
  if (confirmation.kind === 'withdrawal') {
    rows.push({ label: t('cancel.confirmation-email'), value: confirmation.confirmationEmail });
    return rows;
  }
  rows.push(
    {
      label: t('cancel.end-date'),
      value: confirmation.requestedEndDate
        ? formatDate(confirmation.requestedEndDate, locale)
        : t('cancel.confirmation.earliest'),
    },
    { label: t('cancel.confirmation-email'), value: confirmation.confirmationEmail },
    {
      label: t('cancel.confirmation.effective-end'),
      value: confirmation.effectiveEndDate
        ? t('cancel.confirmation.effective-end.value', { date: formatDate(confirmation.effectiveEndDate, locale) })
        : t('cancel.confirmation.end-pending'),
    },
  );
  return rows;
}
