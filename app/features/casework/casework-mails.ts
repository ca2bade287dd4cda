import type { BrandProfile } from '~/config/brand';
import { business } from '~/config/business';
import type { Locale } from '~/i18n/locales';
import { mailClosing, renderMailContent, type RenderedMail } from '~/shared/mail/templates';

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
