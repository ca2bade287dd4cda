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

/**
 * The last day (`yyyy-mm-dd`, Europe/Berlin) a withdrawal of a contract concluded on `startDate` is in
 * time: 14 days later, moved to the next working day when that is a Saturday, a Sunday or a public
 * holiday (§193 BGB; docs/rules/contract-and-cancellation.md#withdrawal). Only the holidays of every German state count: the customer's state is not known,
 * and a day that is a holiday somewhere only extends the period there.
 */
export function withdrawalDeadline(startDate: string): string {
  const date = new Date(`${startDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + withdrawalPeriodDays);
  while (date.getUTCDay() === 0 || date.getUTCDay() === 6 || isNationwideHoliday(date)) {
    date.setUTCDate(date.getUTCDate() + 1);
  }
  return date.toISOString().slice(0, 10);
}

/** Easter Sunday of `year` (Gregorian calendar; the anonymous algorithm of Meeus/Jones/Butcher), UTC midnight. */
function easterSunday(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return new Date(Date.UTC(year, month - 1, day));
}

/** New Year, Good Friday, Easter Monday, 1 May, Ascension, Whit Monday, 3 October, Christmas Day and Boxing Day. */
function isNationwideHoliday(date: Date): boolean {
  const monthDay = date.toISOString().slice(5, 10);
  if (['01-01', '05-01', '10-03', '12-25', '12-26'].includes(monthDay)) return true;
  const easter = easterSunday(date.getUTCFullYear()).getTime();
  const offset = Math.round((date.getTime() - easter) / 86_400_000);
  return [-2, 1, 39, 50].includes(offset);
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
