import { Form } from 'react-router';
import type { Route } from './+types/cases';
import { servicesContext } from '~/context';
import { caseKinds, caseKindsFor, caseStates, listCases } from '~/features/casework/public.server';
import { requireStaff, staffNames } from '~/features/staff/public.server';
import { backOfficePath } from '~/i18n/back-office-routes';
import { useLocale, useT } from '~/i18n/hooks';
import { formatNumericInstant } from '~/i18n/intl-formats';
import { z } from '~/platform/validation';
import { AppLink } from '~/ui/components/app-link';
import { ResponsiveTable } from '~/ui/components/responsive-table';
import { backOfficeMeta, backOfficeTitle } from './back-office-page';
import { Pagination } from './pagination';

export const meta = backOfficeMeta;

const assignees = ['anyone', 'mine', 'unassigned'] as const;
/** The queue's filter from the query; anything unknown falls back to "all". */
const querySchema = z.object({
  kind: z.catch(z.enum(caseKinds as [string, ...string[]]), ''),
  state: z.catch(z.enum(caseStates as [string, ...string[]]), ''),
  assignee: z.catch(z.enum(assignees), 'anyone'),
  page: z.catch(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1),
});

/**
 * The case queue (docs/rules/back-office.md#case-queues): filtered and paged on the server, oldest first,
 * of the kinds the staff member's role sees (finance staff and admins: payouts only).
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const staff = requireStaff(context);
  const services = context.get(servicesContext);
  const params = url.searchParams;
  const visible = caseKindsFor(staff.role);
  const query = querySchema.parse({
    kind: params.get('kind') ?? '',
    state: params.get('state') ?? '',
    assignee: params.get('assignee') ?? 'anyone',
    page: params.get('page') ?? 1,
  });
  // A kind the role does not see is no filter: the queue shows all of the role's kinds.
  const kind = visible.find((candidate) => candidate === query.kind);
  const [list, names] = await Promise.all([
    listCases(services, {
      kind,
      kinds: visible,
      state: caseStates.find((state) => state === query.state),
      assignee: query.assignee === 'mine' ? staff.staffId : query.assignee === 'unassigned' ? 'unassigned' : undefined,
      page: query.page,
    }),
    staffNames(services),
  ]);
  return {
    title: backOfficeTitle(context, 'backoffice.page.cases'),
    kinds: visible,
    values: { kind: kind ?? '', state: query.state, assignee: query.assignee },
    page: list.page,
    hasNext: list.page < list.pageCount,
    total: list.total,
    cases: list.cases.map((row) => ({
      id: row.id,
      kind: row.kind,
      state: row.state,
      occurredAt: row.occurredAt,
      assignee: row.assigneeStaffId ? (names.get(row.assigneeStaffId) ?? row.assigneeStaffId) : null,
    })),
  };
}

export default function CaseQueue({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  type Row = (typeof loaderData.cases)[number];
  const kindName = (kind: Row['kind']) => t(`backoffice.case.kind.${kind}`);
  return (
    <>
      <div className="page-title">
        <h1>{t('backoffice.page.cases')}</h1>
      </div>
      <Form method="get" className="form back-office-filter">
        <fieldset>
          <legend>{t('backoffice.cases.filter')}</legend>
          <div className="field">
            <label className="field__label" htmlFor="cases-kind">
              {t('backoffice.cases.kind')}
            </label>
            <select className="field__input" id="cases-kind" name="kind" defaultValue={loaderData.values.kind}>
              <option value="">{t('backoffice.cases.any')}</option>
              {caseKindsShown
                .filter((kind) => loaderData.kinds.includes(kind))
                .map((kind) => (
                  <option key={kind} value={kind}>
                    {kindName(kind)}
                  </option>
                ))}
            </select>
          </div>
          <div className="field">
            <label className="field__label" htmlFor="cases-state">
              {t('backoffice.cases.state')}
            </label>
            <select className="field__input" id="cases-state" name="state" defaultValue={loaderData.values.state}>
              <option value="">{t('backoffice.cases.any')}</option>
              {caseStatesShown.map((state) => (
                <option key={state} value={state}>
                  {t(`backoffice.case.state.${state}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field__label" htmlFor="cases-assignee">
              {t('backoffice.cases.assignee')}
            </label>
            <select
              className="field__input"
              id="cases-assignee"
              name="assignee"
              defaultValue={loaderData.values.assignee}
            >
              <option value="anyone">{t('backoffice.cases.anyone')}</option>
              <option value="mine">{t('backoffice.cases.mine')}</option>
              <option value="unassigned">{t('backoffice.cases.unassigned')}</option>
            </select>
          </div>
        </fieldset>
        <button type="submit" className="button">
          {t('backoffice.cases.search')}
        </button>
      </Form>
      {loaderData.cases.length ? (
        <ResponsiveTable<Row>
          caption={t('backoffice.cases.caption', { total: loaderData.total })}
          rows={loaderData.cases}
          rowKey={(row) => row.id}
          rowProps={(row) => ({ 'data-case-id': row.id })}
          columns={[
            {
              header: t('backoffice.cases.occurred'),
              rowHeader: true,
              cell: (row) => formatNumericInstant(new Date(row.occurredAt), locale),
            },
            { header: t('backoffice.cases.kind'), cell: (row) => kindName(row.kind) },
            { header: t('backoffice.cases.state'), cell: (row) => t(`backoffice.case.state.${row.state}`) },
            { header: t('backoffice.cases.assignee'), cell: (row) => row.assignee ?? t('backoffice.cases.nobody') },
            {
              header: t('backoffice.cases.open'),
              cell: (row) => (
                <AppLink
                  to={`${backOfficePath('case')}?id=${row.id}`}
                  aria-label={t('backoffice.cases.open.label', {
                    kind: kindName(row.kind),
                    date: formatNumericInstant(new Date(row.occurredAt), locale),
                  })}
                >
                  {t('backoffice.cases.open')}
                </AppLink>
              ),
            },
          ]}
        />
      ) : (
        <p>{t('backoffice.cases.empty')}</p>
      )}
      <Pagination page={loaderData.page} hasNext={loaderData.hasNext} />
    </>
  );
}

// The feature's lists live on the server; the page needs their values for the filter's options.
const caseKindsShown = [
  'cancellation',
  'bike_report',
  'vehicle_report',
  'deletion_request',
  'failed_mail',
  'failed_sms',
  'payout',
] as const;
const caseStatesShown = ['new', 'in_progress', 'done'] as const;
