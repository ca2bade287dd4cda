import type { BrandProfile } from '~/config/brand';
import { mailClosing, renderMailContent, type RenderedMail } from '~/shared/mail/templates';
import type { Locale } from '~/i18n/locales';
import { translator } from '~/i18n/translate';

export type PaymentMail =
  | {
      kind: 'sepa-mandate';
      firstName: string;
      accountHolder: string;
      maskedIban: string;
      mandateReference: string;
      creditorId: string;
      signedAt: string;
    }
  | { kind: 'payment-method-changed'; firstName: string; label: string };

/**
 * The confirmation after a payment method change: for SEPA the mandate with creditor identifier,
 * mandate reference and the 8-week refund right (the customer's copy of the mandate); otherwise a
 * notice, so that a change nobody asked for is noticed.
 */
export function renderPaymentMail(message: PaymentMail, locale: Locale, brand: BrandProfile): RenderedMail {
  const t = translator(locale, brand.id);
  const notice = t('payment.mail.not-you');
  if (message.kind === 'sepa-mandate') {
    return renderMailContent(
      'sepa-mandate',
      {
        subject: t('payment.mail.sepa.subject', { brand: brand.name }),
        greeting: t('payment.mail.greeting', { name: message.firstName }),
        paragraphs: [
          t('payment.mail.sepa.intro', { date: message.signedAt }),
          t('payment.mandate.text', { creditor: brand.name }),
          t('payment.mandate.refund'),
          t('payment.mail.sepa.holder', { holder: message.accountHolder }),
          t('payment.mail.sepa.iban', { iban: message.maskedIban }),
          t('payment.mandate.creditor-id', { id: message.creditorId }),
          t('payment.mandate.reference', { reference: message.mandateReference }),
          notice,
        ],
        closing: mailClosing(locale, brand),
      },
      locale,
      brand,
    );
  }
  return renderMailContent(
    'payment-method-changed',
    {
      subject: t('payment.mail.changed.subject', { brand: brand.name }),
      greeting: t('payment.mail.greeting', { name: message.firstName }),
      paragraphs: [t('payment.mail.changed.intro', { label: message.label }), notice],
      closing: mailClosing(locale, brand),
    },
    locale,
    brand,
  );
}
