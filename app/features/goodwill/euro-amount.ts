import type { Locale } from '~/i18n/locales';
import { reject, z } from '~/platform/validation';

/**
 * An amount in euros as staff type it, in the language's notation: German `12,50`, English `12.50`;
 * whole euros or exactly one or two decimals, no sign, no thousands separator, no other decimal
 * mark (so `1.250` in German is refused rather than read as 1.25 € or 1,250 €). Whole cents, or null.
 */
export function parseEuroAmount(text: string, locale: Locale): number | null {
  const pattern = locale === 'de' ? /^(\d{1,7})(?:,(\d{1,2}))?$/ : /^(\d{1,7})(?:\.(\d{1,2}))?$/;
  const match = pattern.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** A form's amount field: the text as `parseEuroAmount` reads it, from one cent to `maxCents`, else `message`. */
export function euroAmountSchema(locale: Locale, maxCents: number, message: string) {
  return z.pipe(
    z.string(message),
    z.transform((text: string, payload) => {
      const cents = parseEuroAmount(text, locale);
      return cents === null || cents < 1 || cents > maxCents ? reject(payload, message) : cents;
    }),
  );
}
