import type { Route } from './+types/credit-statement';
import { csvFileName, ledgerCsv } from '~/features/credit/credit-csv';
import { allLedgerEntries } from '~/features/credit/ledger.server';
import { customerScope } from '~/features/self-service/customer-scope.server';
import { isLocale } from '~/i18n/locales';
import { berlinDate } from '~/platform/berlin-date';

/**
 * `GET /resources/credit-statement?locale=de`: the logged-in customer's whole ledger as a CSV
 * download (features/credit/credit-csv.ts has the format). Only the customer's own rows; without a
 * session the customer is sent to the login page first.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const scope = customerScope(url, context);
  const requested = url.searchParams.get('locale');
  const locale = isLocale(requested) ? requested : scope.locale;
  const entries = await allLedgerEntries(scope.ctx.db, scope.customerId);
  return new Response(ledgerCsv(entries, locale, scope.ctx.brand.id), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${csvFileName(locale, berlinDate())}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
