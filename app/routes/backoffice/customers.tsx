import { data, Form } from 'react-router';
import type { Route } from './+types/customers';
import { servicesContext } from '~/context';
import { searchFields } from '~/features/customer-lookup/public';
import { parseSearchQuery, searchCustomers } from '~/features/customer-lookup/public.server';
import { auditOrigin, requireStaff } from '~/features/staff/public.server';
import { backOfficePath } from '~/i18n/back-office-routes';
import { useT } from '~/i18n/hooks';
import { AppLink } from '~/ui/components/app-link';
import { ResponsiveTable } from '~/ui/components/responsive-table';
import { backOfficeMeta, backOfficeTitle } from './back-office-page';
import { Pagination } from './pagination';

export const meta = backOfficeMeta;

/**
 * The customer lookup (docs/rules/back-office.md#customer-lookup): a GET form, so it works without
 * JavaScript; the query is checked and bounded before it reaches the database, the results are paged
 * on the server, and each search is recorded in the audit log (the text only as a keyed hash). A
 * wrong query is answered with a message next to the field.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const staff = requireStaff(context);
  const query = parseSearchQuery(url.searchParams);
  const title = backOfficeTitle(context, 'backoffice.page.customers');
  const base = { title, values: query.values, page: query.page, problem: query.problem };
  if (!query.parsed) {
    return data({ ...base, searched: false, hits: [], hasNext: false }, { status: query.problem ? 400 : 200 });
  }
  const { hits, hasNext } = await searchCustomers(
    context.get(servicesContext),
    staff.staffId,
    { parsed: query.parsed, normalized: query.normalized, page: query.page },
    auditOrigin(context),
  );
  return { ...base, searched: true, hits, hasNext };
}

export default function CustomerLookup({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { values, problem } = loaderData;
  type Row = (typeof loaderData.hits)[number];
  return (
    <>
      <div className="page-title">
        <h1>{t('backoffice.page.customers')}</h1>
      </div>
      <Form method="get" className="form back-office-filter" noValidate>
        <fieldset>
          <legend>{t('lookup.search.legend')}</legend>
          <div className="field">
            <label className="field__label" htmlFor="lookup-field">
              {t('lookup.field')}
            </label>
            <select className="field__input" id="lookup-field" name="field" defaultValue={values.field}>
              {searchFields.map((field) => (
                <option key={field} value={field}>
                  {t(`lookup.field.${field}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field__label" htmlFor="lookup-q">
              {t('lookup.query')}
            </label>
            <p className="field__hint" id="lookup-q-hint">
              {t('lookup.query.hint')}
            </p>
            <input
              className="field__input"
              id="lookup-q"
              name="q"
              type="search"
              defaultValue={values.q}
              maxLength={100}
              autoComplete="off"
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? 'lookup-q-hint lookup-q-error' : 'lookup-q-hint'}
            />
            {problem ? (
              <p className="field__error" id="lookup-q-error" role="alert">
                {t(problem)}
              </p>
            ) : null}
          </div>
        </fieldset>
        <button type="submit" className="button">
          {t('lookup.submit')}
        </button>
      </Form>
      {loaderData.searched ? (
        loaderData.hits.length ? (
          <ResponsiveTable<Row>
            caption={t('lookup.results.caption')}
            rows={loaderData.hits}
            rowKey={(row) => row.id}
            columns={[
              { header: t('lookup.results.number'), rowHeader: true, cell: (row) => row.customerNumber },
              {
                header: t('lookup.results.name'),
                cell: (row) => (row.deleted ? t('lookup.deleted') : `${row.firstName} ${row.lastName}`),
              },
              { header: t('lookup.results.email'), cell: (row) => (row.deleted ? '–' : row.email) },
              {
                header: t('lookup.results.open'),
                cell: (row) => (
                  <AppLink
                    to={`${backOfficePath('customerView')}?customer=${row.id}`}
                    aria-label={t('lookup.results.open.label', { number: row.customerNumber })}
                  >
                    {t('lookup.results.open')}
                  </AppLink>
                ),
              },
            ]}
          />
        ) : (
          <p role="status">{t('lookup.results.empty')}</p>
        )
      ) : null}
      <Pagination page={loaderData.page} hasNext={loaderData.hasNext} />
    </>
  );
}
