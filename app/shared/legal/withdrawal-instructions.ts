import type { BrandProfile } from '~/config/brand';
import type { Locale } from '~/i18n/locales';
import { translator } from '~/i18n/translate';
import { formatDate } from '~/i18n/intl-formats';

/**
 * The withdrawal instructions (Widerrufsbelehrung) and the model withdrawal form, after the statutory
 * models of Annex 1 and 2 to Art. 246a EGBGB, per brand and language
 * (docs/rules/contract-and-cancellation.md#withdrawal). The contract page and the registration mail show
 * the same text, so it lives below both features.
 */
/**
 * The withdrawal period: days after the contract's conclusion, the day of conclusion not counted
 * (§355(2) BGB with §187(1) BGB).
 */
export const withdrawalPeriodDays = 14;

/** The last day (`yyyy-mm-dd`, Europe/Berlin) a withdrawal of a contract concluded on `startDate` is in time. */
export function withdrawalDeadline(startDate: string): string {
  const date = new Date(`${startDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + withdrawalPeriodDays);
  return date.toISOString().slice(0, 10);
}

export interface WithdrawalInstructions {
  title: string;
  sections: { heading: string; paragraphs: string[] }[];
  modelForm: { title: string; intro: string; lines: string[]; note: string };
}

export function withdrawalInstructions(
  locale: Locale,
  brand: Pick<BrandProfile, 'id' | 'provider' | 'mailSender'>,
): WithdrawalInstructions {
  const t = translator(locale, brand.id);
  const party = {
    provider: brand.provider.legalName,
    address: brand.provider.address,
    email: brand.mailSender.address,
  };
  return {
    title: t('withdrawal.instructions.title'),
    sections: [
      {
        heading: t('withdrawal.instructions.right'),
        paragraphs: [
          t('withdrawal.instructions.p1'),
          t('withdrawal.instructions.p2', party),
          t('withdrawal.instructions.p3'),
        ],
      },
      {
        heading: t('withdrawal.instructions.consequences'),
        paragraphs: [t('withdrawal.instructions.p4'), t('withdrawal.instructions.p5')],
      },
    ],
    modelForm: {
      title: t('withdrawal.model.title'),
      intro: t('withdrawal.model.intro'),
      lines: [
        t('withdrawal.model.to', party),
        ...t('withdrawal.model.lines', { service: t('cancel.contract.name') }).split('|'),
      ],
      note: t('withdrawal.model.note'),
    },
  };
}

/**
 * What the registration mail hands over with the concluded contract: until when it can be withdrawn,
 * then the instructions and the model form.
 */
export function registrationTerms(
  locale: Locale,
  brand: Pick<BrandProfile, 'id' | 'provider' | 'mailSender'>,
  startDate: string,
): string[] {
  const deadline = formatDate(withdrawalDeadline(startDate), locale);
  return [
    translator(locale, brand.id)('withdrawal.mail.registration', { date: deadline }),
    ...withdrawalInstructionParagraphs(locale, brand),
  ];
}

/** The instructions and the model form as plain paragraphs, for a mail. */
export function withdrawalInstructionParagraphs(
  locale: Locale,
  brand: Pick<BrandProfile, 'id' | 'provider' | 'mailSender'>,
): string[] {
  const { title, sections, modelForm } = withdrawalInstructions(locale, brand);
  return [
    title,
    ...sections.flatMap((section) => [section.heading, ...section.paragraphs]),
    modelForm.title,
    modelForm.intro,
    ...modelForm.lines.map((line) => `– ${line}`),
    modelForm.note,
  ];
}
