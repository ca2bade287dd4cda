import type { BrandProfile } from '~/config/brand';
import type { Tariff } from '~/features/tariffs/public.server';
import { mailClosing, renderMailContent, type RenderedMail } from '~/shared/mail/templates';
import type { Locale } from '~/i18n/locales';
import { translator } from '~/i18n/translate';
import { confirmationRows, formatBerlinDateTime, type CancellationConfirmation } from './confirmation';
import { formatDate } from '~/i18n/intl-formats';

/** The contract feature's mails; the words come from the contract message catalogue. */

/**
 * The confirmation of a cancellation, to the address the declarant gave
 * (docs/rules/contract-and-cancellation.md#cancellation-confirmation).
 */
export function cancellationConfirmationMail(
  confirmation: CancellationConfirmation,
  locale: Locale,
  brand: BrandProfile,
): RenderedMail {
  const t = translator(locale, brand.id);
  return renderMailContent(
    'cancellation-confirmation',
    {
      subject: t('cancel.mail.subject', { reference: confirmation.reference }),
      greeting: t('contract.mail.greeting', { name: confirmation.name }),
      paragraphs: [
        t('cancel.mail.intro', { time: formatBerlinDateTime(confirmation.receivedAt, locale) }),
        ...confirmationRows(confirmation, locale, brand.id).map((row) => `${row.label}: ${row.value}`),
        ...(confirmation.adjusted ? [t('cancel.confirmation.adjusted')] : []),
        t('cancel.mail.keep'),
      ],
      closing: mailClosing(locale, brand),
    },
    locale,
    brand,
  );
}

/**
 * A notice to the account's own address of a cancellation of its contract: the end date that applies,
 * which the public form's answer leaves out, and how to take the cancellation back.
 */
export function cancellationNoticeMail(
  notice: {
    firstName: string;
    reference: string;
    receivedAt: string;
    confirmationEmail: string;
    endDate: string;
    /** The declared end date was earlier than possible; the earliest possible one applies. */
    adjusted: boolean;
  },
  url: string,
  locale: Locale,
  brand: BrandProfile,
): RenderedMail {
  const t = translator(locale, brand.id);
  return renderMailContent(
    'cancellation-notice',
    {
      subject: t('cancel.notice.subject'),
      greeting: t('contract.mail.greeting', { name: notice.firstName }),
      paragraphs: [
        t('cancel.notice.text', {
          time: formatBerlinDateTime(notice.receivedAt, locale),
          reference: notice.reference,
          email: notice.confirmationEmail,
          date: formatDate(notice.endDate, locale),
        }),
        ...(notice.adjusted ? [t('cancel.confirmation.adjusted')] : []),
        t('cancel.notice.not-you'),
      ],
      action: { label: t('contract.mail.action'), url },
      closing: mailClosing(locale, brand),
    },
    locale,
    brand,
  );
}

export function cancellationWithdrawnMail(
  withdrawal: { firstName: string; withdrawnAt: string },
  locale: Locale,
  brand: BrandProfile,
): RenderedMail {
  const t = translator(locale, brand.id);
  return renderMailContent(
    'cancellation-withdrawn',
    {
      subject: t('withdraw.mail.subject'),
      greeting: t('contract.mail.greeting', { name: withdrawal.firstName }),
      paragraphs: [t('withdraw.mail.text', { time: formatBerlinDateTime(withdrawal.withdrawnAt, locale) })],
      closing: mailClosing(locale, brand),
    },
    locale,
    brand,
  );
}

export function tariffChangeMail(
  change: {
    firstName: string;
    from: Pick<Tariff, 'nameDe' | 'nameEn'>;
    to: Pick<Tariff, 'nameDe' | 'nameEn'>;
    effectiveDate: string;
    applied: boolean;
  },
  locale: Locale,
  brand: BrandProfile,
): RenderedMail {
  const t = translator(locale, brand.id);
  const name = (tariff: Pick<Tariff, 'nameDe' | 'nameEn'>) => (locale === 'de' ? tariff.nameDe : tariff.nameEn);
  const values = { from: name(change.from), to: name(change.to), date: formatDate(change.effectiveDate, locale) };
  return renderMailContent(
    change.applied ? 'tariff-change-applied' : 'tariff-change-pending',
    {
      subject: t(change.applied ? 'tariff-change.mail.subject.applied' : 'tariff-change.mail.subject.pending', {
        tariff: values.to,
      }),
      greeting: t('contract.mail.greeting', { name: change.firstName }),
      paragraphs: [t(change.applied ? 'tariff-change.mail.applied' : 'tariff-change.mail.pending', values)],
      closing: mailClosing(locale, brand),
    },
    locale,
    brand,
  );
}
