import type { RouterContextProvider } from 'react-router';
import { pageContext, servicesContext } from '~/context';
import { backOfficePath } from '~/i18n/back-office-routes';
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

/** The address of an enrolment link, on the address customers and staff use (PUBLIC_URL). */
export function enrolmentLinkOf(publicUrl: string, token: string): string {
  const url = new URL(backOfficePath('enrol'), publicUrl);
  url.searchParams.set('token', token);
  return url.toString();
}
