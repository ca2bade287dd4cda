import { useMemo } from 'react';
import { useLocation, useRouteLoaderData } from 'react-router';
import { fallbackBrand, type Brand } from '~/config/brand';
import { defaultLocale, localeFromPath, type Locale } from './locales';
import { findPage, pages, type PageId } from './route-table';
import { translator, type Translate } from './translate';
import { formatDate } from './intl-formats';

export function useLocale(): Locale {
  // Only the locale of the root loader's data: importing app/root.tsx for its type would tie this module,
  // which every component uses, to the document shell and run in a circle back to it.
  const root = useRouteLoaderData<{ locale: Locale }>('root');
  const { pathname } = useLocation();
  return root?.locale ?? localeFromPath(pathname) ?? defaultLocale;
}

/** The brand this build serves, from the root loader (app/config/brand.ts). */
export function useBrand(): Brand {
  const root = useRouteLoaderData<{ brand: { id: Brand } }>('root');
  return root?.brand.id ?? fallbackBrand;
}

export function useT(): Translate {
  const locale = useLocale();
  const brand = useBrand();
  return useMemo(() => translator(locale, brand), [locale, brand]);
}

/** `yyyy-mm-dd` as the page's locale writes it. */
export function useFormatDate(): (date: string) => string {
  const locale = useLocale();
  return (date) => formatDate(date, locale);
}

/** The named page being shown, if the current path is one. */
export function usePage(): { id: PageId; locale: Locale; embedded: boolean } | undefined {
  const { pathname } = useLocation();
  const found = findPage(pathname);
  return found ? { ...found, embedded: pages[found.id].embedded } : undefined;
}
