import { Form } from 'react-router';
import type { Route } from './+types/money';
import { servicesContext } from '~/context';
import { ledgerReference, listMoneyRequests } from '~/features/goodwill/public.server';
import { requireStaff } from '~/features/staff/public.server';
import { backOfficePath } from '~/i18n/back-office-routes';
import { useT } from '~/i18n/hooks';
import { formatEuro, formatInstant } from '~/i18n/intl-formats';
import { z } from '~/platform/validation';
import { AppLink } from '~/ui/components/app-link';
import { ResponsiveTable } from '~/ui/components/responsive-table';
import { backOfficeMeta, backOfficeTitle } from './back-office-page';
import { moneyActor, pageLocale } from './money-page.server';
import { Pagination } from './pagination';

export const meta = backOfficeMeta;

const states = ['pending', 'booked', 'rejected'] as const;
const kinds = ['goodwill', 'refund'] as const;
/** Filters from the query; anything unknown means "all" rather than an error. */
const querySchema = z.object({
  state: z.catch(z.optional(z.enum(states)), undefined),
  kind: z.catch(z.optional(z.enum(kinds)), undefined),
  page: z.catch(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1),
});

/** Goodwill credits and refunds, filtered by state and kind and paged on the server (docs/rules/back-office.md#money). */
export async function loader({ url, context }: Route.LoaderArgs) {
  const staff = requireStaff(context);
  const params = url.searchParams;
  const query = querySchema.parse({
    state: params.get('state') || undefined,
    kind: params.get('kind') || undefined,
    page: params.get('page') ?? 1,
  });
  const locale = pageLocale(context);
  const list = await listMoneyRequests(context.get(servicesContext), moneyActor(context), query);
  return {
    title: backOfficeTitle(context, 'backoffice.page.money'),
    canRequest: staff.role === 'finance',
    state: query.state ?? '',
    kind: query.kind ?? '',
    page: list.page,
    hasNext: list.page < list.pageCount,
    requests: list.requests.map((row) => ({
      id: row.id,
      number: ledgerReference(row),
      customerNumber: row.customerNumber,
      kind: row.kind,
      amount: formatEuro(row.amountCents, locale),
      state: row.state,
      requestedAt: formatInstant(row.requestedAt, locale),
    })),
  };
}

export default function MoneyRequests({ loaderData }: Route.ComponentProps) {
  const t = useT();
  type Row = (typeof loaderData.requests)[number];
  return (
    <>
      <div className="page-title">
        <h1>{t('backoffice.page.money')}</h1>
      </div>
      {loaderData.canRequest ? (
        <p>
          <AppLink className="button" to={backOfficePath('moneyNew')}>
            {t('backoffice.page.moneyNew')}
          </AppLink>
        </p>
      ) : null}
      <Form method="get" className="form back-office-filter">
        <fieldset>
          <legend>{t('backoffice.money.filter')}</legend>
          <div className="field">
            <label className="field__label" htmlFor="money-state">
              {t('backoffice.money.state')}
            </label>
            <select className="field__input" id="money-state" name="state" defaultValue={loaderData.state}>
              <option value="">{t('backoffice.money.all')}</option>
              {states.map((state) => (
                <option key={state} value={state}>
                  {t(`backoffice.money.state.${state}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field__label" htmlFor="money-kind">
              {t('backoffice.money.kind')}
            </label>
            <select className="field__input" id="money-kind" name="kind" defaultValue={loaderData.kind}>
              <option value="">{t('backoffice.money.all')}</option>
              {kinds.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`backoffice.money.kind.${kind}`)}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button button--secondary">
            {t('backoffice.money.apply-filter')}
          </button>
        </fieldset>
      </Form>
      {loaderData.requests.length ? (
        <ResponsiveTable<Row>
          caption={t('backoffice.money.caption')}
          rows={loaderData.requests}
          rowKey={(row) => row.id}
          columns={[
            {
              header: t('backoffice.money.number'),
              rowHeader: true,
              cell: (row) => <AppLink to={`${backOfficePath('moneyRequest')}?id=${row.id}`}>{row.number}</AppLink>,
            },
            { header: t('backoffice.money.customer-number'), cell: (row) => row.customerNumber },
            { header: t('backoffice.money.kind'), cell: (row) => t(`backoffice.money.kind.${row.kind}`) },
            { header: t('backoffice.money.amount'), amount: true, cell: (row) => row.amount },
            { header: t('backoffice.money.state'), cell: (row) => t(`backoffice.money.state.${row.state}`) },
            { header: t('backoffice.money.requested-at'), cell: (row) => row.requestedAt },
          ]}
        />
      ) : (
        <p role="status">{t('backoffice.money.none')}</p>
      )}
      <Pagination page={loaderData.page} hasNext={loaderData.hasNext} />
    </>
  );
}
