import { data, Form } from 'react-router';
import type { Route } from './+types/audit';
import { servicesContext } from '~/context';
import { auditLogPage, parseAuditQuery } from '~/features/audit/public.server';
import { auditOrigin, requireStaff, staffNames } from '~/features/staff/public.server';
import { backOfficePath } from '~/i18n/back-office-routes';
import { useLocale, useT } from '~/i18n/hooks';
import { csrfFor } from '~/shared/security/form-page.server';
import { ResponsiveTable } from '~/ui/components/responsive-table';
import { backOfficeMeta, backOfficeTitle } from './back-office-page';
import { Pagination } from './pagination';

export const meta = backOfficeMeta;

/**
 * The audit log for admins: search by actor, action, subject and dates, paged on the server,
 * exportable. Every page shown is itself an entry (`audit.view`).
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const viewer = { staffId: requireStaff(context).staffId, origin: auditOrigin(context) };
  const query = parseAuditQuery(url.searchParams);
  const [{ entries, hasNext }, names] = await Promise.all([
    auditLogPage(services, viewer, query),
    staffNames(services),
  ]);
  const csrf = csrfFor(request, context);
  return data(
    {
      title: backOfficeTitle(context, 'backoffice.page.audit'),
      csrf: csrf.token,
      values: query.values,
      invalid: query.invalid,
      page: query.page,
      hasNext,
      entries: entries.map((entry) => ({
        id: entry.id,
        at: entry.at.toISOString(),
        actor: entry.actorStaffId ? (names.get(entry.actorStaffId) ?? entry.actorStaffId) : null,
        action: entry.action,
        subject: `${entry.subjectType} ${entry.subjectId}`,
        change: [entry.before, entry.after].map((value) => (value === null ? '–' : JSON.stringify(value))).join(' → '),
      })),
    },
    { headers: csrf.headers },
  );
}

const fields = [
  ['actor', 'backoffice.audit.actor', 'text'],
  ['action', 'backoffice.audit.action', 'text'],
  ['subjectType', 'backoffice.audit.subject-type', 'text'],
  ['subjectId', 'backoffice.audit.subject-id', 'text'],
  ['from', 'backoffice.audit.from', 'date'],
  ['until', 'backoffice.audit.until', 'date'],
] as const;

export default function AuditLogPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const time = new Intl.DateTimeFormat(locale === 'de' ? 'de-DE' : 'en-GB', {
    dateStyle: 'short',
    timeStyle: 'medium',
    timeZone: 'Europe/Berlin',
  });
  type Row = (typeof loaderData.entries)[number];
  return (
    <>
      <div className="page-title">
        <h1>{t('backoffice.page.audit')}</h1>
      </div>
      <Form method="get" className="form back-office-filter">
        <fieldset>
          <legend>{t('backoffice.audit.filter')}</legend>
          {fields.map(([name, label, type]) => (
            <div className="field" key={name}>
              <label className="field__label" htmlFor={`audit-${name}`}>
                {t(label)}
              </label>
              <input
                className="field__input"
                id={`audit-${name}`}
                name={name}
                type={type}
                defaultValue={loaderData.values[name]}
                maxLength={200}
              />
            </div>
          ))}
        </fieldset>
        <button type="submit" className="button">
          {t('backoffice.audit.search')}
        </button>
      </Form>
      {loaderData.invalid ? (
        <p className="notice notice--error" role="alert">
          {t('backoffice.audit.invalid-filter')}
        </p>
      ) : null}
      {loaderData.invalid ? null : (
        // The export is recorded in the log: a form's POST with the search's fields, not a link.
        <Form method="post" action={backOfficePath('auditExport')} reloadDocument>
          <input type="hidden" name="csrf" value={loaderData.csrf} />
          <input type="hidden" name="intent" value="export" />
          {fields.map(([name]) =>
            loaderData.values[name] ? (
              <input key={name} type="hidden" name={name} value={loaderData.values[name]} />
            ) : null,
          )}
          <button type="submit" className="button button--secondary">
            {t('backoffice.audit.export')}
          </button>
        </Form>
      )}
      {loaderData.entries.length ? (
        <ResponsiveTable<Row>
          caption={t('backoffice.audit.caption')}
          rows={loaderData.entries}
          rowKey={(row) => row.id}
          columns={[
            { header: t('backoffice.audit.at'), rowHeader: true, cell: (row) => time.format(new Date(row.at)) },
            { header: t('backoffice.audit.who'), cell: (row) => row.actor ?? t('backoffice.audit.nobody') },
            { header: t('backoffice.audit.what'), cell: (row) => <code>{row.action}</code> },
            { header: t('backoffice.audit.subject'), cell: (row) => row.subject },
            {
              header: t('backoffice.audit.change'),
              cell: (row) => <code className="back-office-json">{row.change}</code>,
            },
          ]}
        />
      ) : (
        <p>{t('backoffice.audit.empty')}</p>
      )}
      <Pagination page={loaderData.page} hasNext={loaderData.hasNext} />
    </>
  );
}
