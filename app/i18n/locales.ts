export const locales = ['de', 'en'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'de';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

export function otherLocale(locale: Locale): Locale {
  return locale === 'de' ? 'en' : 'de';
}

/**
 * The locale a path is written in: `/de/...`, `/webviews/en/...`, `/webviews/legal/de/...`.
 * Returns undefined for paths that carry no (valid) locale.
 */
export function localeFromPath(pathname: string): Locale | undefined {
  const segments = pathname.split('/').filter(Boolean);
  const candidate = segments[0] === 'webviews' ? (segments[1] === 'legal' ? segments[2] : segments[1]) : segments[0];
  return isLocale(candidate) ? candidate : undefined;
}

/**
 * The locale a visitor prefers: the remembered cookie first, then the browser's Accept-Language
 * (by quality), then German.
 */
export function preferredLocale(cookieLocale: string | undefined, acceptLanguage: string | null): Locale {
  if (isLocale(cookieLocale)) return cookieLocale;
  if (acceptLanguage) {
    const ranked = acceptLanguage
      .split(',')
      .map((part) => {
        const [tag = '', ...params] = part.trim().split(';');
        const q = params.find((p) => p.trim().startsWith('q='));
        return { language: tag.trim().slice(0, 2).toLowerCase(), q: q ? Number(q.trim().slice(2)) : 1 };
      })
      .filter((entry) => entry.q > 0)
      .sort((a, b) => b.q - a.q);
    const match = ranked.find((entry) => isLocale(entry.language));
    if (match) return match.language as Locale;
  }
  return defaultLocale;
}

export const localeCookieName = 'locale';
