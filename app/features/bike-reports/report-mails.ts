import type { BrandProfile } from '~/config/brand';
import { mailClosing, renderMailContent, type MailContent, type RenderedMail } from '~/shared/mail/templates';
import type { Locale } from '~/i18n/locales';
import type { ReportKind } from './report-kinds';
import { locationLine, mapLink, seenLine } from '~/shared/reports/report-mail-lines';
import type { ReportLocation } from '~/shared/reports/report-fields';

/** What both mails say about a stored report. */
export interface ReportSummary {
  reference: string;
  kind: ReportKind;
  bikeNumber: string;
  location: ReportLocation;
  seenAt: Date;
  description?: string;
  contactEmail: string | null;
  contactPhone: string | null;
  /** The reporter's customer number when logged in. */
  customerNumber: string | null;
  locale: Locale;
}

const kindNames: Record<Locale, Record<ReportKind, string>> = {
  de: { found: 'Rad gefunden', lost: 'Rad verloren oder gestohlen', damaged: 'Rad beschädigt' },
  en: { found: 'Found a bike', lost: 'Bike lost or stolen', damaged: 'Damaged bike' },
};

export function kindName(kind: ReportKind, locale: Locale): string {
  return kindNames[locale][kind];
}

/** The reporter's confirmation, in the report's language, with the reference to quote. */
export function reporterMail(report: ReportSummary, brand: BrandProfile): RenderedMail {
  const de = report.locale === 'de';
  const opening: Record<ReportKind, string> = de
    ? {
        found: 'danke, dass du uns ein Rad gemeldet hast. Unser Service-Team kümmert sich darum und holt es ab.',
        lost: 'wir haben deine Meldung über dein verlorenes oder gestohlenes Rad erhalten. Unser Service-Team kümmert sich darum und meldet sich, falls wir Fragen haben.',
        damaged:
          'danke für deinen Hinweis auf ein beschädigtes Rad. Unser Service-Team sieht es sich so bald wie möglich an.',
      }
    : {
        found: 'thank you for reporting a bike to us. Our service team will take care of it and collect it.',
        lost: 'we have received your report about your lost or stolen bike. Our service team will take care of it and get in touch if we have questions.',
        damaged:
          'thank you for letting us know about a damaged bike. Our service team will look at it as soon as possible.',
      };
  const content: MailContent = {
    subject: de
      ? `Deine Meldung ${report.reference} bei ${brand.name}`
      : `Your report ${report.reference} to ${brand.name}`,
    greeting: de ? 'Hallo,' : 'Hello,',
    paragraphs: [
      opening[report.kind],
      de
        ? `Deine Referenznummer: ${report.reference}. Bitte gib sie an, wenn du uns zu dieser Meldung kontaktierst.`
        : `Your reference number: ${report.reference}. Please quote it whenever you contact us about this report.`,
      ...summaryLines(report, report.locale),
    ],
    closing: mailClosing(report.locale, brand),
  };
  return renderMailContent('bike-report-confirmation', content, report.locale, brand);
}

/** The service team's copy: German (the team's language), every detail, a map link, how to reach the reporter. */
export function serviceTeamMail(report: ReportSummary, brand: BrandProfile): RenderedMail {
  const content: MailContent = {
    subject: `[${report.reference}] ${kindName(report.kind, 'de')}: Rad ${report.bikeNumber}`,
    greeting: 'Hallo Service-Team,',
    paragraphs: [
      `eine neue Meldung ist eingegangen (${kindName(report.kind, 'de')}).`,
      `Referenznummer: ${report.reference}`,
      ...summaryLines(report, 'de'),
      `Karte: ${mapLink(report.location)}`,
      [
        `Kontakt: ${report.contactEmail ?? 'keine E-Mail-Adresse'}`,
        report.contactPhone ? `, ${report.contactPhone}` : '',
        report.customerNumber ? ` (Kundennummer ${report.customerNumber})` : ' (ohne Anmeldung)',
        `, Sprache: ${report.locale}`,
      ].join(''),
    ],
    closing: [`${brand.name} Kundenportal`],
  };
  return renderMailContent('bike-report-service', content, 'de', brand);
}

function summaryLines(report: ReportSummary, locale: Locale): string[] {
  const de = locale === 'de';
  return [
    `${de ? 'Art der Meldung' : 'Kind of report'}: ${kindName(report.kind, locale)}`,
    `${de ? 'Radnummer' : 'Bike number'}: ${report.bikeNumber}`,
    `${de ? 'Ort' : 'Location'}: ${locationLine(report.location, locale)}`,
    `${de ? 'Gesehen am' : 'Seen on'}: ${seenLine(report.seenAt, locale)}`,
    ...(report.description ? [`${de ? 'Beschreibung' : 'Description'}: ${report.description}`] : []),
  ];
}
