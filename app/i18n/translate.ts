import type { Brand } from '~/config/brand';
import { intlLocale, numberFormat, pluralRules } from './intl-formats';
import { locales, type Locale } from './locales';
import { brandDe } from './messages/brand.de';
import { brandEn } from './messages/brand.en';
import { consentDe } from './messages/consent.de';
import { consentEn } from './messages/consent.en';
import type { MessageKey } from './messages/de';
import { generalDe } from './messages/general.de';
import { generalEn } from './messages/general.en';

export type { MessageKey };

/**
 * The messages known in this process. Every page starts with the general and the consent catalogue;
 * the rest (forms, accounts, self-service, bike reports: most of the text) would more than double
 * what a content page's first load costs in JavaScript, so it comes with
 * app/i18n/messages/complete.ts, which the server, the tests and every page that needs it import.
 */
export const catalogues: Record<Locale, Partial<Record<MessageKey, string>>> = {
  de: { ...generalDe, ...consentDe },
  en: { ...generalEn, ...consentEn },
};

/**
 * Each brand's own messages (app/i18n/messages/brand.de.ts): small, so every page has both brands'.
 * A brand's message is looked up before the shared catalogues (docs/decisions/0030-brand-profile.md).
 */
const brandCatalogues: Record<Brand, Record<Locale, Partial<Record<MessageKey, string>>>> = {
  cab: { de: brandDe.cab, en: brandEn.cab },
  flinkster: { de: brandDe.flinkster, en: brandEn.flinkster },
};

export function addCatalogues(more: Partial<Record<Locale, Partial<Record<MessageKey, string>>>>): void {
  Object.assign(catalogues.de, more.de);
  Object.assign(catalogues.en, more.en);
}

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/**
 * A translator for one locale of one brand; `{name}` placeholders are filled from params. A count takes the
 * words of its plural category: `{minutes, plural, one {# Minute} other {# Minuten}}` (the ICU
 * message syntax translators know; `=n` matches an exact number, `#` is the number), chosen by
 * `Intl.PluralRules` of the locale, so no message needs a "Minute(n)".
 */
export function translator(locale: Locale, brand: Brand): Translate {
  const messages = catalogues[locale];
  const own = brandCatalogues[brand][locale];
  return (key, params) => {
    // A key of a catalogue this page did not load shows as itself: visible, and never a crash.
    const message = own[key] ?? messages[key] ?? key;
    if (!params) return message;
    return message
      .replace(pluralPattern, (whole, name: string, cases: string) =>
        name in params ? (pluralCase(locale, Number(params[name]), cases) ?? whole) : whole,
      )
      .replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
  };
}

/** `{name, plural, one {…} other {…}}`: the cases hold no braces of their own. */
const pluralPattern = /\{(\w+), plural,((?:\s*(?:=\d+|zero|one|two|few|many|other)\s*\{[^{}]*\})+)\s*\}/g;

function pluralCase(locale: Locale, count: number, cases: string): string | undefined {
  const byCase = new Map(
    [...cases.matchAll(/(=\d+|zero|one|two|few|many|other)\s*\{([^{}]*)\}/g)].map((m) => [m[1], m[2]]),
  );
  const text = byCase.get(`=${count}`) ?? byCase.get(pluralRules(locale).select(count)) ?? byCase.get('other');
  return text?.replace(/#/g, numberFormat(intlLocale(locale), {}).format(count));
}

/**
 * Messages whose words stay English in both locales (the not-found sentences,
 * docs/rules/content-and-navigation.md#not-found): every catalogue carries them unchanged, and a page in another language marks them `lang="en"`, so
 * that screen readers read them in English.
 */
const specifiedInEnglish: ReadonlySet<MessageKey> = new Set<MessageKey>([
  'error.not-found.text',
  'error.route-validation.text',
  'content.not-found',
]);

/** The language a message is written in on a page in `locale`. */
export function messageLocale(key: MessageKey, locale: Locale): Locale {
  return specifiedInEnglish.has(key) ? 'en' : locale;
}

/** A key of a loaded catalogue: the browser loads the customer messages of the page's language only. */
export function hasMessage(key: string): key is MessageKey {
  return Object.hasOwn(brandCatalogues.cab.de, key) || locales.some((locale) => Object.hasOwn(catalogues[locale], key));
}
