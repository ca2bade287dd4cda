import { Form } from 'react-router';
import type { Route } from './+types/vouchers';
import { servicesContext } from '~/context';
import { listVoucherBatches } from '~/features/goodwill/public.server';
import { requireStaff } from '~/features/staff/public.server';
import { backOfficePath } from '~/i18n/back-office-routes';
import { useT } from '~/i18n/hooks';
import { formatDate, formatEuro, formatInstant } from '~/i18n/intl-formats';
import { z } from '~/platform/validation';
import { AppLink } from '~/ui/components/app-link';
import { ResponsiveTable } from '~/ui/components/responsive-table';
import { backOfficeMeta, backOfficeTitle } from './back-office-page';
import { pageLocale } from './money-page.server';
import { Pagination } from './pagination';

export const meta = backOfficeMeta;

const states = ['pending', 'approved', 'rejected'] as const;
const querySchema = z.object({
  state: z.catch(z.optional(z.enum(states)), undefined),
  page: z.catch(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1),
});

/** Voucher batches, newest first, filtered by state and paged on the server (docs/rules/back-office.md#money). */
export async function loader({ url, context }: Route.LoaderArgs) {
  const staff = requireStaff(context);
  const params = url.searchParams;
  const query = querySchema.parse({ state: params.get('state') || undefined, page: params.get('page') ?? 1 });
  const locale = pageLocale(context);
  const list = await listVoucherBatches(context.get(servicesContext), query);
  return {
    title: backOfficeTitle(context, 'backoffice.page.vouchers'),
    canCreate: staff.role === 'finance',
    state: query.state ?? '',
    page: list.page,
    hasNext: list.page < list.pageCount,
    batches: list.batches.map((batch) => ({
      id: batch.id,
      createdAt: formatInstant(batch.createdAt, locale),
      count: batch.count,
      value: formatEuro(batch.valueCents, locale),
      expiresOn: formatDate(batch.expiresOn, locale),
      state: batch.state,
      redeemed: batch.redeemedCount,
    })),
  };
}

export default function VoucherBatches({ loaderData }: Route.ComponentProps) {
  const t = useT();
  type Row = (typeof loaderData.batches)[number];
  return (
    <>
      <div className="page-title">
        <h1>{t('backoffice.page.vouchers')}</h1>
      </div>
      {loaderData.canCreate ? (
        <p>
          <AppLink className="button" to={backOfficePath('vouchersNew')}>
            {t('backoffice.page.vouchersNew')}
          </AppLink>
        </p>
      ) : null}
      <Form method="get" className="form back-office-filter">
        <fieldset>
          <legend>{t('backoffice.money.filter')}</legend>
          <div className="field">
            <label className="field__label" htmlFor="batch-state">
              {t('backoffice.money.state')}
            </label>
            <select className="field__input" id="batch-state" name="state" defaultValue={loaderData.state}>
              <option value="">{t('backoffice.money.all')}</option>
              {states.map((state) => (
                <option key={state} value={state}>
                  {t(`backoffice.vouchers.state.${state}`)}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button button--secondary">
            {t('backoffice.money.apply-filter')}
          </button>
        </fieldset>
      </Form>
      {loaderData.batches.length ? (
        <ResponsiveTable<Row>
          caption={t('backoffice.vouchers.caption')}
          rows={loaderData.batches}
          rowKey={(row) => row.id}
          columns={[
            {
              header: t('backoffice.vouchers.created-at'),
              rowHeader: true,
              cell: (row) => <AppLink to={`${backOfficePath('voucherBatch')}?id=${row.id}`}>{row.createdAt}</AppLink>,
            },
            { header: t('backoffice.vouchers.count'), amount: true, cell: (row) => row.count },
            { header: t('backoffice.vouchers.value'), amount: true, cell: (row) => row.value },
            { header: t('backoffice.vouchers.expires-on'), cell: (row) => row.expiresOn },
            { header: t('backoffice.money.state'), cell: (row) => t(`backoffice.vouchers.state.${row.state}`) },
            { header: t('backoffice.vouchers.redeemed'), amount: true, cell: (row) => row.redeemed },
          ]}
        />
      ) : (
        <p role="status">{t('backoffice.vouchers.none')}</p>
      )}
      <Pagination page={loaderData.page} hasNext={loaderData.hasNext} />
    </>
  );
}
