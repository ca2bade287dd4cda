import type { BrandProfile } from '~/config/brand';
import { formatDate, formatEuro } from '~/i18n/intl-formats';
import type { Locale } from '~/i18n/locales';
import { translator } from '~/i18n/translate';
import { mailClosing, renderMailContent, type RenderedMail } from '~/shared/mail/templates';
import { confirmationRows, formatBerlinDateTime, type CancellationConfirmation } from './confirmation';

/**
 * The withdrawal function's mails (docs/rules/contract-and-cancellation.md#withdrawal): the
 * acknowledgement to the address the declarant gave, the same whether or not an account matched, and
 * what the withdrawal did, to the matched account's own address.
 */

/** The acknowledgement on a durable medium: content, date and time of receipt (§356a BGB; docs/rules/contract-and-cancellation.md#withdrawal). */
export function withdrawalAcknowledgementMail(
  confirmation: CancellationConfirmation,
  locale: Locale,
  brand: BrandProfile,
): RenderedMail {
  const t = translator(locale, brand.id);
  return renderMailContent(
    'withdrawal-acknowledgement',
    {
      subject: t('withdrawal.mail.subject', { reference: confirmation.reference }),
      greeting: t('contract.mail.greeting', { name: confirmation.name }),
      paragraphs: [
        t('withdrawal.mail.intro', { time: formatBerlinDateTime(confirmation.receivedAt, locale) }),
        ...confirmationRows(confirmation, locale, brand.id).map((row) => `${row.label}: ${row.value}`),
        t('withdrawal.confirmation.next'),
        t('cancel.mail.keep'),
      ],
      closing: mailClosing(locale, brand),
    },
    locale,
    brand,
  );
}

/** What a matched withdrawal did to the account's contract, for its holder. */
export type WithdrawalResult =
  | {
      appliedAs: 'withdrawal';
      /** The day the contract ended. */
      endDate: string;
      refundCents: number;
      payout: { amountCents: number; dueBy: string; methodLabel: string | null } | null;
      /** Credit that is no payment (vouchers, bonuses, goodwill): it stays on the account. */
      keptCreditCents: number;
    }
  | { appliedAs: 'cancellation'; endDate: string; deadline: string }
  | { appliedAs: null; endDate: string | null };

export function withdrawalNoticeMail(
  notice: { firstName: string; reference: string; receivedAt: string; result: WithdrawalResult },
  url: string,
  locale: Locale,
  brand: BrandProfile,
): RenderedMail {
  const t = translator(locale, brand.id);
  const received = { time: formatBerlinDateTime(notice.receivedAt, locale), reference: notice.reference };
  const { result } = notice;
  const euro = (cents: number) => formatEuro(cents, locale);
  let subject: string;
  const paragraphs: string[] = [];
  if (result.appliedAs === 'withdrawal') {
    subject = t('withdrawal.notice.subject.withdrawn');
    paragraphs.push(t('withdrawal.notice.withdrawn', { ...received, date: formatDate(result.endDate, locale) }));
    paragraphs.push(
      result.refundCents > 0
        ? t('withdrawal.notice.refund', { amount: euro(result.refundCents) })
        : t('withdrawal.notice.no-refund'),
    );
    paragraphs.push(t('withdrawal.notice.rides'));
    if (result.payout) {
      const values = { amount: euro(result.payout.amountCents), date: formatDate(result.payout.dueBy, locale) };
      paragraphs.push(
        result.payout.methodLabel
          ? t('withdrawal.notice.payout', { ...values, method: result.payout.methodLabel })
          : t('withdrawal.notice.payout.no-method', values),
      );
    }
    if (result.keptCreditCents > 0) {
      paragraphs.push(t('withdrawal.notice.kept-credit', { amount: euro(result.keptCreditCents) }));
    }
  } else if (result.appliedAs === 'cancellation') {
    subject = t('withdrawal.notice.subject.late');
    paragraphs.push(
      t('withdrawal.notice.late', {
        ...received,
        deadline: formatDate(result.deadline, locale),
        date: formatDate(result.endDate, locale),
      }),
      t('cancel.notice.not-you'),
    );
  } else {
    subject = t('withdrawal.notice.subject.ended');
    paragraphs.push(
      t('withdrawal.notice.ended', { ...received, date: result.endDate ? formatDate(result.endDate, locale) : '' }),
    );
  }
  paragraphs.push(t('withdrawal.notice.not-you'));
  return renderMailContent(
    'withdrawal-notice',
    {
      subject,
      greeting: t('contract.mail.greeting', { name: notice.firstName }),
      paragraphs,
      action: { label: t('contract.mail.action'), url },
      closing: mailClosing(locale, brand),
    },
    locale,
    brand,
  );
}
