import type { BrandProfile } from '~/config/brand';
import type { DamageKind, DamagePosition } from '~/config/damage-reports';
import type { Locale } from '~/i18n/locales';
import { formatBytes } from '~/i18n/intl-formats';
import { mailClosing, renderMailContent, type MailContent, type RenderedMail } from '~/shared/mail/templates';
import type { ReportLocation } from '~/shared/reports/report-fields';
import { locationLine, mapLink, seenLine } from '~/shared/reports/report-mail-lines';

/** What both mails say about a stored damage report. */
export interface DamageSummary {
  reference: string;
  licencePlate: string;
  damageKind: DamageKind;
  damagePosition: DamagePosition;
  location: ReportLocation;
  seenAt: Date;
  description?: string;
  /** The photos as stored: their type found from their bytes and their size. Never attached. */
  photos: { contentType: string; size: number }[];
  contactEmail: string;
  contactPhone: string | null;
  customerNumber: string | null;
  locale: Locale;
}

const kindNames: Record<Locale, Record<DamageKind, string>> = {
  de: {
    scratch: 'Kratzer',
    dent: 'Delle',
    glass: 'Glasschaden',
    tyre: 'Reifen',
    interior: 'Innenraum',
    technical: 'Technischer Defekt',
    other: 'Sonstiges',
  },
  en: {
    scratch: 'Scratch',
    dent: 'Dent',
    glass: 'Glass damage',
    tyre: 'Tyre',
    interior: 'Interior',
    technical: 'Technical fault',
    other: 'Other',
  },
};

const positionNames: Record<Locale, Record<DamagePosition, string>> = {
  de: { front: 'vorne', rear: 'hinten', left: 'links', right: 'rechts', roof: 'Dach', interior: 'innen' },
  en: { front: 'front', rear: 'rear', left: 'left', right: 'right', roof: 'roof', interior: 'interior' },
};

/** The reporter's confirmation, in the report's language, with the reference to quote. */
export function damageReporterMail(report: DamageSummary, brand: BrandProfile): RenderedMail {
  const de = report.locale === 'de';
  const content: MailContent = {
    subject: de
      ? `Deine Schadensmeldung ${report.reference} bei ${brand.name}`
      : `Your damage report ${report.reference} to ${brand.name}`,
    greeting: de ? 'Hallo,' : 'Hello,',
    paragraphs: [
      de
        ? `danke, dass du uns einen Schaden am Fahrzeug ${report.licencePlate} gemeldet hast. Unser Service-Team sieht sich das Fahrzeug so bald wie möglich an.`
        : `thank you for reporting damage to the vehicle ${report.licencePlate}. Our service team will look at the vehicle as soon as possible.`,
      de
        ? `Deine Referenznummer: ${report.reference}. Bitte gib sie an, wenn du uns zu dieser Meldung kontaktierst.`
        : `Your reference number: ${report.reference}. Please quote it whenever you contact us about this report.`,
      ...summaryLines(report, report.locale),
    ],
    closing: mailClosing(report.locale, brand),
  };
  return renderMailContent('damage-report-confirmation', content, report.locale, brand);
}

/**
 * The service team's copy: German (the team's language), every detail, a map link, how to reach the
 * reporter, and which photos are stored with the report (count, type found, size). The photos
 * themselves stay in the database; the mail carries no attachment.
 */
export function damageServiceTeamMail(report: DamageSummary, brand: BrandProfile): RenderedMail {
  const content: MailContent = {
    subject: `[${report.reference}] Schaden am Fahrzeug ${report.licencePlate}: ${kindNames.de[report.damageKind]}`,
    greeting: 'Hallo Service-Team,',
    paragraphs: [
      `eine neue Schadensmeldung ist eingegangen (${kindNames.de[report.damageKind]}, ${positionNames.de[report.damagePosition]}).`,
      `Referenznummer: ${report.reference}`,
      ...summaryLines(report, 'de'),
      `Karte: ${mapLink(report.location)}`,
      [
        `Kontakt: ${report.contactEmail}`,
        report.contactPhone ? `, ${report.contactPhone}` : '',
        report.customerNumber ? ` (Kundennummer ${report.customerNumber})` : ' (ohne Anmeldung)',
        `, Sprache: ${report.locale}`,
      ].join(''),
    ],
    closing: [`${brand.name} Kundenportal`],
  };
  return renderMailContent('damage-report-service', content, 'de', brand);
}

function photoLine(photos: DamageSummary['photos'], locale: Locale): string {
  const de = locale === 'de';
  if (photos.length === 0) return de ? 'Fotos: keine' : 'Photos: none';
  const list = photos
    .map(
      (photo, i) =>
        `${i + 1}. ${photo.contentType.replace('image/', '').toUpperCase()}, ${formatBytes(photo.size, locale)}`,
    )
    .join('; ');
  return de ? `Fotos: ${photos.length} (${list})` : `Photos: ${photos.length} (${list})`;
}

function summaryLines(report: DamageSummary, locale: Locale): string[] {
  const de = locale === 'de';
  return [
    `${de ? 'Kennzeichen' : 'Licence plate'}: ${report.licencePlate}`,
    `${de ? 'Art des Schadens' : 'Kind of damage'}: ${kindNames[locale][report.damageKind]}`,
    `${de ? 'Stelle am Fahrzeug' : 'Position on the vehicle'}: ${positionNames[locale][report.damagePosition]}`,
    `${de ? 'Ort' : 'Location'}: ${locationLine(report.location, locale)}`,
    `${de ? 'Bemerkt am' : 'Noticed on'}: ${seenLine(report.seenAt, locale)}`,
    ...(report.description ? [`${de ? 'Beschreibung' : 'Description'}: ${report.description}`] : []),
    photoLine(report.photos, locale),
  ];
}
