import type { Brand } from '~/config/brand';
import type { Locale } from '~/i18n/locales';
import { pagePath } from '~/i18n/route-table';

/** `/cancel-contract` is the legal cancellation button's short link; flinkster keeps its own. */
export function cancelContractTarget(brand: Brand, locale: Locale): string | null {
  return brand === 'flinkster' ? null : pagePath('cancelContract', locale);
}

/**
 * Report web views are rewritten to the regular report page for brands other than flinkster
 * (docs/rules/content-and-navigation.md#report-web-view-rewrite); the query, with its web-view marker,
 * travels along.
 */
export function reportWebViewTarget(brand: Brand, locale: Locale): string | null {
  return brand === 'flinkster' ? null : pagePath('reportBike', locale);
}
