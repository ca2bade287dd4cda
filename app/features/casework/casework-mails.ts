import type { BrandProfile } from '~/config/brand';
import { business } from '~/config/business';
import { formatBerlinDateTime } from '~/features/contract/public.server';
import { formatDate, formatEuro } from '~/i18n/intl-formats';
import type { Locale } from '~/i18n/locales';
import { mailClosing, renderMailContent, type RenderedMail } from '~/shared/mail/templates';
import { declarationNoun, type DeclarationCloseReason, type DeclarationKind } from './declaration-outcomes';

/** The mails the service back office sends customers, in German and English (docs/rules/back-office.md#case-queues). */

/** To the reporter once a bike report is dealt with, in the report's language. */
export function reportDoneMail(reference: string, locale: Locale, brand: BrandProfile): RenderedMail {
  const de = locale === 'de';
  return renderMailContent(
    'bike-report-done',
    {
      subject: de ? `Deine Meldung ${reference} ist erledigt` : `Your report ${reference} has been dealt with`,
      greeting: de ? 'Hallo,' : 'Hello,',
      paragraphs: de
        ? [
            `unser Service-Team hat deine Meldung ${reference} bearbeitet und abgeschlossen. Danke, dass du uns geholfen hast.`,
          ]
        : [`our service team has dealt with your report ${reference} and closed it. Thank you for your help.`],
      closing: mailClosing(locale, brand),
    },
    locale,
    brand,
  );
}

/** To the reporter of a vehicle damage report once it is dealt with, in the report's language. */
export function vehicleReportDoneMail(
  reference: string,
  licencePlate: string,
  locale: Locale,
  brand: BrandProfile,
): RenderedMail {
  const de = locale === 'de';
  return renderMailContent(
    'damage-report-done',
    {
      subject: de
        ? `Deine Schadensmeldung ${reference} ist erledigt`
        : `Your damage report ${reference} has been dealt with`,
      greeting: de ? 'Hallo,' : 'Hello,',
      paragraphs: de
        ? [
            `unser Service-Team hat deine Schadensmeldung ${reference} zum Fahrzeug ${licencePlate} bearbeitet und abgeschlossen. Danke, dass du uns geholfen hast.`,
          ]
        : [
            `our service team has dealt with your damage report ${reference} on the vehicle ${licencePlate} and closed it. Thank you for your help.`,
          ],
      closing: mailClosing(locale, brand),
    },
    locale,
    brand,
  );
}

/** To the account's address when its deletion was carried out. */
export function deletionDoneMail(
  { firstName, customerNumber }: { firstName: string; customerNumber: string },
  locale: Locale,
  brand: BrandProfile,
): RenderedMail {
  const de = locale === 'de';
  const years = business.backOffice.retentionYears;
  return renderMailContent(
    'deletion-done',
    {
      subject: de ? `Dein ${brand.name}-Konto wurde gelöscht` : `Your ${brand.name} account has been deleted`,
      greeting: de ? `Hallo ${firstName},` : `Hello ${firstName},`,
      paragraphs: de
        ? [
            `wie beantragt haben wir dein Konto (Kundennummer ${customerNumber}) gelöscht. Rechnungen und Buchungen müssen wir von Gesetzes wegen ${years} Jahre aufbewahren; sie sind gesperrt und werden danach gelöscht.`,
          ]
        : [
            `as you asked, we have deleted your account (customer number ${customerNumber}). The law makes us keep invoices and bookings for ${years} years; they are blocked and will be deleted then.`,
          ],
      closing: mailClosing(locale, brand),
    },
    locale,
    brand,
  );
}

/** To the account's address when its deletion was refused, with the reason staff gave. */
export function deletionRefusedMail(
  { firstName, customerNumber, reason }: { firstName: string; customerNumber: string; reason: string },
  locale: Locale,
  brand: BrandProfile,
): RenderedMail {
  const de = locale === 'de';
  return renderMailContent(
    'deletion-refused',
    {
      subject: de
        ? `Dein Antrag auf Löschung deines ${brand.name}-Kontos`
        : `Your request to delete your ${brand.name} account`,
      greeting: de ? `Hallo ${firstName},` : `Hello ${firstName},`,
      paragraphs: de
        ? [
            `wir können dein Konto (Kundennummer ${customerNumber}) derzeit nicht löschen. Der Grund:`,
            reason,
            'Sobald der Grund entfallen ist, kannst du die Löschung erneut beantragen. Bei Fragen hilft dir unser Kundenservice.',
          ]
        : [
            `we cannot delete your account (customer number ${customerNumber}) at this time. The reason:`,
            reason,
            'Once the reason no longer applies, you can ask again. Our customer service is happy to help with any questions.',
          ],
      closing: mailClosing(locale, brand),
    },
    locale,
    brand,
  );
}

/** A payout finance staff have carried out, as its customer is told. */
export interface PaidPayout {
  firstName: string;
  amountCents: number;
  /** The payment method it went to, as the customer knows it; none when the account had none. */
  methodLabel: string | null;
  /** The reference of what it follows: the withdrawal's. */
  reference: string;
  /** The day it was paid out (Europe/Berlin). */
  paidOn: string;
}

/**
 * To the account's address, in the account's language, once finance staff have recorded a payout as paid
 * out (docs/rules/back-office.md#case-queues): how much, to which payment method, when, and for what.
 */
export function payoutPaidMail(payout: PaidPayout, locale: Locale, brand: BrandProfile): RenderedMail {
  const de = locale === 'de';
  const amount = formatEuro(payout.amountCents, locale);
  const day = formatDate(payout.paidOn, locale);
  const { methodLabel: method, reference } = payout;
  return renderMailContent(
    'payout-paid',
    {
      subject: de ? `Dein Guthaben wurde ausgezahlt (${reference})` : `Your credit has been paid out (${reference})`,
      greeting: de ? `Hallo ${payout.firstName},` : `Hello ${payout.firstName},`,
      paragraphs: de
        ? [
            method
              ? `wir haben dir am ${day} dein Guthaben von ${amount} auf dein Zahlungsmittel (${method}) ausgezahlt (Referenz ${reference}).`
              : `wir haben dir am ${day} dein Guthaben von ${amount} ausgezahlt (Referenz ${reference}).`,
            'Je nach Bank oder Zahlungsdienst kann es ein paar Tage dauern, bis der Betrag bei dir ankommt. Hast du Fragen? Antworte einfach auf diese E-Mail.',
          ]
        : [
            method
              ? `on ${day} we paid out your credit of ${amount} to your payment method (${method}) (reference ${reference}).`
              : `on ${day} we paid out your credit of ${amount} (reference ${reference}).`,
            'Depending on your bank or payment service, it may take a few days to reach you. Any questions? Just reply to this email.',
          ],
      closing: mailClosing(locale, brand),
    },
    locale,
    brand,
  );
}

/** A declaration closed without being applied, as its declarant is told. */
export interface DeclarationAnswer {
  reference: string;
  receivedAt: Date;
  kind: DeclarationKind;
  /** The name the declarant gave. */
  name: string;
  reason: DeclarationCloseReason;
  /** Staff's own words for the declarant, if any. */
  text: string | null;
  /** The public form for a new declaration of this kind: the cancellation page or the withdrawal function. */
  formUrl: string;
}

/**
 * To the declaration's confirmation address, in the declaration's language, when staff close it without
 * applying it (docs/rules/back-office.md#case-queues): which declaration, when it arrived, why it was
 * not carried out, and what the declarant can do.
 */
export function declarationClosedMail(answer: DeclarationAnswer, locale: Locale, brand: BrandProfile): RenderedMail {
  const words = (locale === 'de' ? closedWordsDe : closedWordsEn)[declarationNoun(answer.kind)];
  const time = formatBerlinDateTime(answer.receivedAt.toISOString(), locale);
  const text = answer.text?.trim() || null;
  const explanation =
    answer.reason === 'other'
      ? [words.reasons.other, ...(text ? [text] : [])]
      : [words.reasons[answer.reason], ...(text ? [`${words.note} ${text}`] : [])];
  return renderMailContent(
    'declaration-closed',
    {
      subject: words.subject(answer.reference),
      greeting: locale === 'de' ? `Hallo ${answer.name},` : `Hello ${answer.name},`,
      paragraphs: [
        words.intro(answer.reference, time),
        ...explanation,
        answer.reason === 'duplicate' ? words.nothingToDo : words.declareAgain(answer.formUrl),
        words.reply,
      ],
      closing: mailClosing(locale, brand),
    },
    locale,
    brand,
  );
}

interface ClosedWords {
  subject: (reference: string) => string;
  intro: (reference: string, time: string) => string;
  reasons: Record<DeclarationCloseReason, string>;
  note: string;
  declareAgain: (url: string) => string;
  nothingToDo: string;
  reply: string;
}

const closedWordsDe: Record<'cancellation' | 'withdrawal', ClosedWords> = {
  cancellation: {
    subject: (reference) => `Antwort auf deine Kündigung (${reference})`,
    intro: (reference, time) =>
      `wir haben deine Kündigung mit der Referenz ${reference} geprüft, die am ${time} bei uns eingegangen ist. Wir haben sie nicht ausgeführt.`,
    reasons: {
      'no-contract-found':
        'Der Grund: Anhand deiner Angaben konnten wir keinen Vertrag finden. Wir brauchen deinen Namen, wie er im Kundenkonto steht, und die E-Mail-Adresse oder Kundennummer des Kundenkontos.',
      'not-entitled':
        'Der Grund: Die Kündigung kam nicht von der Person, die den Vertrag geschlossen hat, und nicht von jemandem, der sie vertreten darf.',
      duplicate: 'Der Grund: Diese Kündigung war bereits bei uns eingegangen; es gilt die frühere Erklärung.',
      'not-a-declaration': 'Der Grund: Wir haben deine Nachricht nicht als Kündigung verstanden.',
      other: 'Der Grund:',
    },
    note: 'Dazu unser Service-Team:',
    declareAgain: (url) =>
      `Möchtest du einen Vertrag kündigen, dann kündige bitte erneut über unser Kündigungsformular: ${url}`,
    nothingToDo: 'Du musst nichts weiter tun.',
    reply: 'Hast du Fragen oder weitere Angaben für uns? Antworte einfach auf diese E-Mail.',
  },
  withdrawal: {
    subject: (reference) => `Antwort auf deinen Widerruf (${reference})`,
    intro: (reference, time) =>
      `wir haben deinen Widerruf mit der Referenz ${reference} geprüft, der am ${time} bei uns eingegangen ist. Wir haben ihn nicht ausgeführt.`,
    reasons: {
      'no-contract-found':
        'Der Grund: Anhand deiner Angaben konnten wir keinen Vertrag finden. Wir brauchen deinen Namen, wie er im Kundenkonto steht, und die E-Mail-Adresse oder Kundennummer des Kundenkontos.',
      'not-entitled':
        'Der Grund: Der Widerruf kam nicht von der Person, die den Vertrag geschlossen hat, und nicht von jemandem, der sie vertreten darf.',
      duplicate: 'Der Grund: Dieser Widerruf war bereits bei uns eingegangen; es gilt die frühere Erklärung.',
      'not-a-declaration': 'Der Grund: Wir haben deine Nachricht nicht als Widerruf verstanden.',
      other: 'Der Grund:',
    },
    note: 'Dazu unser Service-Team:',
    declareAgain: (url) =>
      `Möchtest du einen Vertrag widerrufen, dann widerrufe bitte erneut über unsere Widerrufsfunktion: ${url}`,
    nothingToDo: 'Du musst nichts weiter tun.',
    reply: 'Hast du Fragen oder weitere Angaben für uns? Antworte einfach auf diese E-Mail.',
  },
};

const closedWordsEn: Record<'cancellation' | 'withdrawal', ClosedWords> = {
  cancellation: {
    subject: (reference) => `Our answer to your cancellation (${reference})`,
    intro: (reference, time) =>
      `we have looked into your cancellation with the reference ${reference}, which we received on ${time}. We have not carried it out.`,
    reasons: {
      'no-contract-found':
        'The reason: we could not find a contract from the details you gave. We need your name as it appears in the customer account and the email address or customer number of that account.',
      'not-entitled':
        'The reason: the cancellation came neither from the person who concluded the contract nor from someone authorised to act for them.',
      duplicate: 'The reason: we had already received this cancellation; the earlier declaration applies.',
      'not-a-declaration': 'The reason: we did not read your message as a cancellation.',
      other: 'The reason:',
    },
    note: 'A note from our service team:',
    declareAgain: (url) =>
      `If you want to cancel a contract, please cancel again through our cancellation form: ${url}`,
    nothingToDo: 'There is nothing more you need to do.',
    reply: 'Any questions, or more details for us? Just reply to this email.',
  },
  withdrawal: {
    subject: (reference) => `Our answer to your withdrawal (${reference})`,
    intro: (reference, time) =>
      `we have looked into your withdrawal with the reference ${reference}, which we received on ${time}. We have not carried it out.`,
    reasons: {
      'no-contract-found':
        'The reason: we could not find a contract from the details you gave. We need your name as it appears in the customer account and the email address or customer number of that account.',
      'not-entitled':
        'The reason: the withdrawal came neither from the person who concluded the contract nor from someone authorised to act for them.',
      duplicate: 'The reason: we had already received this withdrawal; the earlier declaration applies.',
      'not-a-declaration': 'The reason: we did not read your message as a withdrawal.',
      other: 'The reason:',
    },
    note: 'A note from our service team:',
    declareAgain: (url) =>
      `If you want to withdraw from a contract, please withdraw again through our withdrawal function: ${url}`,
    nothingToDo: 'There is nothing more you need to do.',
    reply: 'Any questions, or more details for us? Just reply to this email.',
  },
};

/**
 * What matching a declaration did to the contract: cancelled it (with the end date that applies, or
 * none when it had ended already), or withdrew it, ending it at once.
 */
export type AppliedDeclaration =
  | {
      as: 'cancellation';
      effectiveEndDate: string | null;
      /** The declared end was earlier than possible; the earliest possible one applies. */
      adjusted: boolean;
      /** The contract still runs, so the holder can take the cancellation back in the self-service area. */
      revocable: boolean;
      /** A withdrawal received after its period, applied as a cancellation instead. */
      lateWithdrawal: boolean;
    }
  | { as: 'withdrawal' };

/** A declaration staff matched to an account, as its holder is told. */
export interface DeclarationApplied {
  firstName: string;
  customerNumber: string;
  reference: string;
  receivedAt: Date;
  /** What was declared: a withdrawal received after its period is applied as a cancellation. */
  kind: DeclarationKind;
  /** Where the confirmation of receipt went. */
  confirmationEmail: string;
  applied: AppliedDeclaration;
}

/**
 * To the account's own address, in the account's language, when staff matched a declaration to it
 * (docs/rules/back-office.md#case-queues): when it arrived, and what it did to the contract.
 */
export function declarationAppliedMail(
  notice: DeclarationApplied,
  contractUrl: string,
  locale: Locale,
  brand: BrandProfile,
): RenderedMail {
  const de = locale === 'de';
  const declared = declarationNoun(notice.kind);
  const time = formatBerlinDateTime(notice.receivedAt.toISOString(), locale);
  const { applied, reference, customerNumber, confirmationEmail } = notice;
  const late = applied.as === 'cancellation' && applied.lateWithdrawal;
  const subject = de
    ? late
      ? `Dein Widerruf wurde als Kündigung eingetragen (${reference})`
      : declared === 'withdrawal'
        ? `Dein Widerruf ist eingetragen (${reference})`
        : `Deine Kündigung ist eingetragen (${reference})`
    : late
      ? `Your withdrawal has been applied as a cancellation (${reference})`
      : `Your ${declared} has been applied (${reference})`;
  const received = de
    ? declared === 'withdrawal'
      ? `am ${time} ist bei uns ein Widerruf deines Vertrags eingegangen (Referenz ${reference}). Wir konnten ihn zunächst keinem Kundenkonto zuordnen. Unser Service-Team hat ihn jetzt deinem Kundenkonto (Kundennummer ${customerNumber}) zugeordnet und so angewendet, als wäre er bei seinem Eingang zugeordnet worden. Die Eingangsbestätigung ging an ${confirmationEmail}.`
      : `am ${time} ist bei uns eine Kündigung deines Vertrags eingegangen (Referenz ${reference}). Wir konnten sie zunächst keinem Kundenkonto zuordnen. Unser Service-Team hat sie jetzt deinem Kundenkonto (Kundennummer ${customerNumber}) zugeordnet und so angewendet, als wäre sie bei ihrem Eingang zugeordnet worden. Die Eingangsbestätigung ging an ${confirmationEmail}.`
    : `on ${time} we received a ${declared} of your contract (reference ${reference}). At first we could not match it to a customer account. Our service team has now matched it to your account (customer number ${customerNumber}) and applied it as if it had matched when it arrived. The confirmation of receipt went to ${confirmationEmail}.`;
  const effect: string[] = [];
  if (applied.as === 'withdrawal') {
    effect.push(
      de
        ? 'Dein Vertrag ist damit widerrufen und sofort beendet. Die Einzelheiten siehst du in deinem Kundenbereich.'
        : 'Your contract is thereby withdrawn and has ended at once. You find the details in your self-service area.',
    );
  } else {
    if (late) {
      effect.push(
        de
          ? 'Der Widerruf ging nach Ablauf der 14-tägigen Widerrufsfrist ein; wir haben ihn deshalb als Kündigung behandelt.'
          : 'The withdrawal arrived after the 14-day withdrawal period had passed, so we have treated it as a cancellation.',
      );
    }
    effect.push(
      applied.effectiveEndDate
        ? de
          ? `Vertragsende: mit Ablauf des ${formatDate(applied.effectiveEndDate, locale)}.`
          : `End of contract: at the end of ${formatDate(applied.effectiveEndDate, locale)}.`
        : de
          ? 'Dein Vertrag war bereits beendet.'
          : 'Your contract had already ended.',
    );
    if (applied.adjusted) {
      effect.push(
        de
          ? 'Das gewünschte Vertragsende lag vor dem frühestmöglichen Termin; es gilt der frühestmögliche.'
          : 'The end date asked for was earlier than possible; the earliest possible date applies.',
      );
    }
  }
  const notYou =
    applied.as === 'cancellation' && applied.revocable
      ? de
        ? 'Warst du das nicht, oder hast du es dir anders überlegt? Dann kannst du die Kündigung bis zum Vertragsende im Kundenbereich zurücknehmen.'
        : 'Was this not you, or have you changed your mind? You can take the cancellation back in the self-service area until the end of the contract.'
      : de
        ? 'Warst du das nicht? Dann antworte bitte umgehend auf diese E-Mail.'
        : 'Was this not you? Then please reply to this email straight away.';
  return renderMailContent(
    'declaration-applied',
    {
      subject,
      greeting: de ? `Hallo ${notice.firstName},` : `Hello ${notice.firstName},`,
      paragraphs: [received, ...effect, notYou],
      action: { label: de ? 'Zum Kundenbereich' : 'To the self-service area', url: contractUrl },
      closing: mailClosing(locale, brand),
    },
    locale,
    brand,
  );
}
