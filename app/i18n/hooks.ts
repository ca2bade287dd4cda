import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { useRootData } from '~/root';
import { defaultLocale, localeFromPath, type Locale } from './locales';
import { findPage, pages, type PageId } from './route-table';
import { translator, type Translate } from './translate';
import { formatDate } from './intl-formats';

export function useLocale(): Locale {
  const root = useRootData();
  const { pathname } = useLocation();
  return root?.locale ?? localeFromPath(pathname) ?? defaultLocale;
}

export function useT(): Translate {
  const locale = useLocale();
  return useMemo(() => translator(locale), [locale]);
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
