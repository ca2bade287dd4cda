import type { BrandProfile } from '~/config/brand';
import type { Locale } from '~/i18n/locales';

export interface RenderedMail {
  kind: string;
  subject: string;
  text: string;
  html: string;
}

/** A mail's words; `renderMailContent` gives it the brand's look in text and HTML. */
export interface MailContent {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Paragraphs after the action, e.g. terms the mail hands over. */
  afterAction?: string[];
  closing: string[];
}

export type MailMessage =
  /** `terms`: at registration, the withdrawal period and instructions (docs/rules/contract-and-cancellation.md#withdrawal). */
  | { kind: 'verify-email'; firstName: string; url: string; terms?: string[] }
  | { kind: 'already-registered'; loginUrl: string; resetUrl: string }
  | { kind: 'reset-password'; url: string };

/** The account mails in German and English, as plain text and HTML in the brand's look, links absolute. */
export function renderMail(message: MailMessage, locale: Locale, brand: BrandProfile): RenderedMail {
  return renderMailContent(message.kind, contentFor(message, locale, brand), locale, brand);
}

/**
 * Any feature's mail: the feature writes the words (in its own folder, in both locales), this gives
 * them the common layout. `kind` names the mail in the outbox.
 */
export function renderMailContent(
  kind: string,
  content: MailContent,
  locale: Locale,
  brand: BrandProfile,
): RenderedMail {
  return { kind, subject: content.subject, text: toText(content), html: toHtml(content, brand, locale) };
}

/** The sign-off every mail ends with. */
export function mailClosing(locale: Locale, brand: BrandProfile): string[] {
  return locale === 'de' ? ['Viele Grüße', `Dein ${brand.name}-Team`] : ['Best regards', `Your ${brand.name} team`];
}

function contentFor(message: MailMessage, locale: Locale, brand: BrandProfile): MailContent {
  const de = locale === 'de';
  const closing = mailClosing(locale, brand);
  switch (message.kind) {
    case 'verify-email':
      return {
        subject: de
          ? `Bitte bestätige deine E-Mail-Adresse für ${brand.name}`
          : `Please confirm your email address for ${brand.name}`,
        greeting: de ? `Hallo ${message.firstName},` : `Hello ${message.firstName},`,
        paragraphs: de
          ? [
              'danke für deine Registrierung. Bitte bestätige deine E-Mail-Adresse, bevor du zum ersten Mal mietest. Der Link gilt 24 Stunden.',
            ]
          : [
              'thank you for registering. Please confirm your email address before your first rental. The link is valid for 24 hours.',
            ],
        action: { label: de ? 'E-Mail-Adresse bestätigen' : 'Confirm email address', url: message.url },
        afterAction: message.terms,
        closing,
      };
    case 'already-registered':
      return {
        subject: de ? `Du hast bereits ein Konto bei ${brand.name}` : `You already have a ${brand.name} account`,
        greeting: de ? 'Hallo,' : 'Hello,',
        paragraphs: de
          ? [
              'gerade wollte sich jemand mit dieser E-Mail-Adresse neu registrieren. Du hast aber schon ein Konto. Melde dich einfach an – oder setze dein Passwort zurück, falls du es vergessen hast.',
              `Passwort vergessen? ${message.resetUrl}`,
              'Warst du das nicht? Dann kannst du diese E-Mail ignorieren.',
            ]
          : [
              'someone just tried to register with this email address, but you already have an account. Simply log in – or reset your password if you have forgotten it.',
              `Forgot your password? ${message.resetUrl}`,
              'Was this not you? Then you can ignore this email.',
            ],
        action: { label: de ? 'Anmelden' : 'Log in', url: message.loginUrl },
        closing,
      };
    case 'reset-password':
      return {
        subject: de ? `Neues Passwort für ${brand.name}` : `New password for ${brand.name}`,
        greeting: de ? 'Hallo,' : 'Hello,',
        paragraphs: de
          ? [
              'über den folgenden Link kannst du ein neues Passwort setzen. Er gilt 60 Minuten und nur einmal. Danach wirst du auf allen Geräten abgemeldet.',
              'Hast du kein neues Passwort angefordert? Dann ignoriere diese E-Mail; dein Passwort bleibt unverändert.',
            ]
          : [
              'use the following link to set a new password. It is valid for 60 minutes and only once. Afterwards you will be logged out on all devices.',
              'Did you not ask for a new password? Then ignore this email; your password stays as it is.',
            ],
        action: { label: de ? 'Neues Passwort setzen' : 'Set a new password', url: message.url },
        closing,
      };
  }
}

function toText(content: MailContent): string {
  return [
    content.greeting,
    '',
    ...content.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...(content.afterAction ?? []).flatMap((paragraph) => [paragraph, '']),
    ...content.closing,
  ].join('\n');
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

function toHtml(content: MailContent, brand: BrandProfile, locale: Locale): string {
  const paragraphs = content.paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const action = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:12px 20px;background:${brand.primary};color:${brand.primaryContrast};text-decoration:none;border-radius:6px;font-weight:600">${escapeHtml(content.action.label)}</a></p>`
    : '';
  const afterAction = (content.afterAction ?? [])
    .map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`)
    .join('');
  return `<!DOCTYPE html><html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head><body style="margin:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#1a1a1a"><table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px"><table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px"><tr><td style="padding:20px 24px;border-bottom:4px solid ${brand.primary};font-size:20px;font-weight:700;color:${brand.primary}">${escapeHtml(brand.name)}</td></tr><tr><td style="padding:24px;font-size:16px;line-height:1.5"><p style="margin:0 0 16px">${escapeHtml(content.greeting)}</p>${paragraphs}${action}${afterAction}<p style="margin:0">${content.closing.map(escapeHtml).join('<br>')}</p></td></tr></table></td></tr></table></body></html>`;
}
