import type { BrandProfile } from '~/config/brand';
import { mailClosing, renderMailContent, type MailContent, type RenderedMail } from '~/shared/mail/templates';
import type { Locale } from '~/i18n/locales';

/** The mails of the personal-data flows, in German and English. */
export type PersonalDataMail =
  | { kind: 'email-change-confirm'; firstName: string; newEmail: string; url: string }
  | { kind: 'email-change-notice'; firstName: string; maskedNewEmail: string }
  | { kind: 'email-change-taken'; loginUrl: string; resetUrl: string }
  | { kind: 'phone-changed'; firstName: string; phone: string }
  | { kind: 'password-changed'; firstName: string; resetUrl: string }
  | { kind: 'deletion-requested'; firstName: string; customerNumber: string };

export function renderPersonalDataMail(message: PersonalDataMail, locale: Locale, brand: BrandProfile): RenderedMail {
  return renderMailContent(message.kind, content(message, locale, brand), locale, brand);
}

function content(message: PersonalDataMail, locale: Locale, brand: BrandProfile): MailContent {
  const de = locale === 'de';
  const closing = mailClosing(locale, brand);
  const hello = (name: string) => (de ? `Hallo ${name},` : `Hello ${name},`);
  switch (message.kind) {
    case 'email-change-confirm':
      return {
        subject: de
          ? `Bestätige deine neue E-Mail-Adresse für ${brand.name}`
          : `Confirm your new email address for ${brand.name}`,
        greeting: hello(message.firstName),
        paragraphs: de
          ? [
              `du möchtest dein Konto künftig mit dieser E-Mail-Adresse (${message.newEmail}) nutzen. Bitte bestätige das über den Link. Erst dann ändert sich die Adresse. Der Link gilt 24 Stunden und nur einmal.`,
              'Hast du das nicht veranlasst? Dann ignoriere diese E-Mail; es ändert sich nichts.',
            ]
          : [
              `you would like to use this email address (${message.newEmail}) for your account from now on. Please confirm this with the link. Only then does the address change. The link is valid for 24 hours and only once.`,
              'Did you not ask for this? Then ignore this email; nothing changes.',
            ],
        action: { label: de ? 'Neue E-Mail-Adresse bestätigen' : 'Confirm new email address', url: message.url },
        closing,
      };
    case 'email-change-notice':
      return {
        subject: de
          ? `Deine E-Mail-Adresse bei ${brand.name} soll geändert werden`
          : `A change of your ${brand.name} email address was requested`,
        greeting: hello(message.firstName),
        paragraphs: de
          ? [
              `in deinem Konto wurde gerade beantragt, die E-Mail-Adresse in ${message.maskedNewEmail} zu ändern. Die Änderung gilt erst, wenn sie über den Link an die neue Adresse bestätigt wird. Bis dahin bleibt diese Adresse gültig.`,
              'Warst du das nicht? Dann ändere bitte sofort dein Passwort im Kundenbereich und melde dich bei unserem Kundenservice.',
            ]
          : [
              `someone just asked to change your account's email address to ${message.maskedNewEmail}. The change applies only once it is confirmed with the link sent to the new address. Until then this address stays valid.`,
              'Was this not you? Then please change your password in the self-service area at once and contact our customer service.',
            ],
        closing,
      };
    case 'email-change-taken':
      return {
        subject: de ? `Du hast bereits ein Konto bei ${brand.name}` : `You already have a ${brand.name} account`,
        greeting: de ? 'Hallo,' : 'Hello,',
        paragraphs: de
          ? [
              'gerade wollte jemand diese E-Mail-Adresse für ein anderes Konto verwenden. Zu dieser Adresse gibt es aber schon ein Konto, deshalb ändert sich nichts.',
              `Warst du das? Dann melde dich mit dieser Adresse an – oder setze dein Passwort zurück, falls du es vergessen hast: ${message.resetUrl}`,
              'Warst du das nicht? Dann kannst du diese E-Mail ignorieren.',
            ]
          : [
              'someone just tried to use this email address for another account. There already is an account with this address, so nothing changes.',
              `Was it you? Then log in with this address – or reset your password if you have forgotten it: ${message.resetUrl}`,
              'Was this not you? Then you can ignore this email.',
            ],
        action: { label: de ? 'Anmelden' : 'Log in', url: message.loginUrl },
        closing,
      };
    case 'phone-changed':
      return {
        subject: de
          ? `Deine Mobilfunknummer bei ${brand.name} wurde geändert`
          : `Your ${brand.name} mobile number was changed`,
        greeting: hello(message.firstName),
        paragraphs: de
          ? [
              `deine Mobilfunknummer ist jetzt ${message.phone}.`,
              'Warst du das nicht? Dann ändere bitte sofort dein Passwort im Kundenbereich und melde dich bei unserem Kundenservice.',
            ]
          : [
              `your mobile number is now ${message.phone}.`,
              'Was this not you? Then please change your password in the self-service area at once and contact our customer service.',
            ],
        closing,
      };
    case 'password-changed':
      return {
        subject: de ? `Dein Passwort bei ${brand.name} wurde geändert` : `Your ${brand.name} password was changed`,
        greeting: hello(message.firstName),
        paragraphs: de
          ? [
              'dein Passwort wurde gerade geändert. Auf allen anderen Geräten wurdest du abgemeldet.',
              `Warst du das nicht? Dann setze dein Passwort sofort zurück und melde dich bei unserem Kundenservice: ${message.resetUrl}`,
            ]
          : [
              'your password was just changed. You have been logged out on all other devices.',
              `Was this not you? Then reset your password at once and contact our customer service: ${message.resetUrl}`,
            ],
        closing,
      };
    case 'deletion-requested':
      return {
        subject: de
          ? `Dein Antrag auf Löschung deines ${brand.name}-Kontos`
          : `Your request to delete your ${brand.name} account`,
        greeting: hello(message.firstName),
        paragraphs: de
          ? [
              `wir haben deinen Antrag erhalten, dein Konto (Kundennummer ${message.customerNumber}) zu löschen. Wir löschen deine Daten innerhalb eines Monats. Daten, die wir von Gesetzes wegen aufbewahren müssen (zum Beispiel Rechnungen), sperren wir bis zum Ende der Aufbewahrungsfrist und löschen sie dann.`,
              'Hast du das nicht beantragt? Dann melde dich bitte sofort bei unserem Kundenservice.',
            ]
          : [
              `we have received your request to delete your account (customer number ${message.customerNumber}). We will delete your data within one month. Data we must keep by law (invoices, for example) is blocked until the end of its retention period and deleted then.`,
              'Did you not ask for this? Then please contact our customer service at once.',
            ],
        closing,
      };
  }
}

/** The text of the SMS that carries a phone confirmation code. */
export function phoneCodeSms(code: string, validMinutes: number, locale: Locale, brand: BrandProfile): string {
  return locale === 'de'
    ? `${code} ist dein ${brand.name}-Code zur Bestätigung deiner Mobilfunknummer. Er gilt ${validMinutes} Minuten. Gib ihn niemandem weiter.`
    : `${code} is your ${brand.name} code to confirm your mobile number. It is valid for ${validMinutes} minutes. Do not share it with anyone.`;
}
