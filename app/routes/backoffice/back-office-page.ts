import type { RouterContextProvider } from 'react-router';
import { pageContext, servicesContext } from '~/context';
import { translator, type MessageKey } from '~/i18n/translate';

/** A back-office page's document title in the request's language. */
export function backOfficeTitle(context: Readonly<RouterContextProvider>, key: MessageKey): string {
  const t = translator(context.get(pageContext).locale, context.get(servicesContext).config.brand);
  return `${t(key)} – ${t('backoffice.name')}`;
}

/** The meta of every back-office page: its title, and no search engine ever. */
export function backOfficeMeta({ data }: { data?: { title?: string } | undefined }) {
  return [{ title: data?.title ?? 'Backoffice' }, { name: 'robots', content: 'noindex, nofollow' }];
}
