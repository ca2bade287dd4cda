import { data, Form, redirect } from 'react-router';
import type { Route } from './+types/staff-list';
import { servicesContext } from '~/context';
import {
  auditOrigin,
  confirmStaffAccount,
  deactivateStaffAccount,
  listStaffAccounts,
  mayConfirm,
  reenrolStaffMember,
  requireStaff,
  staffNames,
} from '~/features/staff/public.server';
import { backOfficePath } from '~/i18n/back-office-routes';
import { useT } from '~/i18n/hooks';
import { z } from '~/platform/validation';
import { csrfFor } from '~/shared/security/form-page.server';
import { parseForm } from '~/shared/security/parse-form.server';
import { submittedForm } from '~/shared/security/submitted-form.server';
import { AppLink } from '~/ui/components/app-link';
import { ResponsiveTable } from '~/ui/components/responsive-table';
import { backOfficeMeta, backOfficeTitle, enrolmentLinkOf } from './back-office-page';
import { EnrolmentLink } from './enrolment-link';
import { Pagination } from './pagination';

export const meta = backOfficeMeta;

const pageSchema = z.catch(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1);
const staffActionSchema = z.object({
  intent: z.enum(['deactivate', 'reenrol', 'confirm']),
  staffId: z.uuid(),
  /** The enrolment the page showed, which a confirmation confirms (absent for the other actions). */
  enrolledAt: z.optional(z.iso.datetime()),
});
const outcomes = [
  'deactivated',
  'self',
  'not-found',
  'already-inactive',
  'reenrol-self',
  'reenrol-failed',
  'confirmed',
  'set-up-by-you',
  'not-enrolled',
  'changed',
  'not-awaiting',
] as const;

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const page = pageSchema.parse(url.searchParams.get('page') ?? 1);
  const services = context.get(servicesContext);
  const [{ staff, hasNext }, names] = await Promise.all([listStaffAccounts(services, page), staffNames(services)]);
  const csrf = csrfFor(request, context);
  const done = outcomes.find((outcome) => outcome === url.searchParams.get('done')) ?? null;
  const self = requireStaff(context).staffId;
  return data(
    {
      title: backOfficeTitle(context, 'backoffice.page.staff'),
      csrf: csrf.token,
      self,
      // The ids of who set an account up stay on the server: the page shows the link's issuer by name, for
      // the admin who confirms, and learns only whether this admin may confirm.
      staff: staff.map(({ createdBy, enrolledBy, ...shown }) => ({
        ...shown,
        linkBy: enrolledBy ? (names.get(enrolledBy) ?? null) : null,
        createdAt: shown.createdAt.toISOString(),
        enrolledAt: shown.enrolledAt?.toISOString() ?? null,
        confirmable:
          shown.active &&
          shown.awaitingConfirmation &&
          shown.enrolledAt !== null &&
          mayConfirm({ ...shown, createdBy, enrolledBy }, self),
      })),
      page,
      hasNext,
      done,
    },
    { headers: csrf.headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireStaff(context);
  const submission = parseForm(await submittedForm(request, context), staffActionSchema);
  if (submission.status !== 'success') throw data({ message: 'form.refused' }, { status: 400 });
  const services = context.get(servicesContext);
  const { intent, staffId, enrolledAt } = submission.value;
  if (intent === 'reenrol') {
    // The new link is shown in this answer only, like a new account's (staff-new.tsx).
    const outcome = await reenrolStaffMember(services, staff.staffId, staffId, auditOrigin(context));
    if (outcome.kind !== 'link') {
      return redirect(`${backOfficePath('staff')}?done=${outcome.kind === 'self' ? 'reenrol-self' : 'reenrol-failed'}`);
    }
    return data(
      { email: outcome.email, link: enrolmentLinkOf(services.config.publicUrl, outcome.token) },
      { headers: { 'Cache-Control': 'private, no-store' } },
    );
  }
  if (intent === 'confirm') {
    if (!enrolledAt) throw data({ message: 'form.refused' }, { status: 400 });
    const outcome = await confirmStaffAccount(
      services,
      staff.staffId,
      staffId,
      new Date(enrolledAt),
      auditOrigin(context),
    );
    return redirect(`${backOfficePath('staff')}?done=${outcome}`);
  }
  const outcome = await deactivateStaffAccount(services, staff.staffId, staffId, auditOrigin(context));
  return redirect(`${backOfficePath('staff')}?done=${outcome}`);
}

const doneMessages = {
  deactivated: 'backoffice.staff.deactivated',
  self: 'backoffice.staff.deactivate.self',
  'not-found': 'backoffice.staff.deactivate.failed',
  'already-inactive': 'backoffice.staff.deactivate.failed',
  'reenrol-self': 'backoffice.staff.reenrol.self',
  'reenrol-failed': 'backoffice.staff.deactivate.failed',
  confirmed: 'backoffice.staff.confirmed',
  'set-up-by-you': 'backoffice.staff.confirm.set-up-by-you',
  'not-enrolled': 'backoffice.staff.confirm.not-enrolled',
  changed: 'backoffice.staff.confirm.changed',
  'not-awaiting': 'backoffice.staff.confirm.not-awaiting',
} as const;
const successes: ReadonlySet<string> = new Set(['deactivated', 'confirmed']);

export default function StaffList({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  type Row = (typeof loaderData.staff)[number];
  return (
    <>
      <div className="page-title">
        <h1>{t('backoffice.page.staff')}</h1>
      </div>
      {actionData ? (
        <div className="notice" role="status">
          <p>{t('backoffice.staff.reenrolled', { email: actionData.email })}</p>
          <EnrolmentLink link={actionData.link} />
          <p>{t('backoffice.staff.enrolment')}</p>
        </div>
      ) : null}
      {loaderData.done ? (
        <p className={successes.has(loaderData.done) ? 'notice' : 'notice notice--error'} role="status">
          {t(doneMessages[loaderData.done])}
        </p>
      ) : null}
      <p>
        <AppLink className="button" to={backOfficePath('staffNew')}>
          {t('backoffice.staff.new')}
        </AppLink>
      </p>
      <ResponsiveTable<Row>
        caption={t('backoffice.staff.caption')}
        rows={loaderData.staff}
        rowKey={(row) => row.id}
        columns={[
          { header: t('backoffice.staff.name'), rowHeader: true, cell: (row) => row.displayName },
          { header: t('backoffice.staff.email'), cell: (row) => row.email },
          { header: t('backoffice.staff.role'), cell: (row) => t(`backoffice.role.${row.role}`) },
          { header: t('backoffice.staff.link-by'), cell: (row) => row.linkBy ?? '–' },
          {
            header: t('backoffice.staff.state'),
            cell: (row) =>
              t(
                !row.active
                  ? 'backoffice.staff.inactive'
                  : row.enrolledAt === null
                    ? 'backoffice.staff.awaiting-enrolment'
                    : row.awaitingConfirmation
                      ? 'backoffice.staff.awaiting-confirmation'
                      : 'backoffice.staff.active',
              ),
          },
          {
            header: t('backoffice.staff.actions'),
            cell: (row) =>
              row.active && row.id !== loaderData.self ? (
                <div className="back-office-actions">
                  {row.confirmable ? <StaffAction csrf={loaderData.csrf} intent="confirm" row={row} /> : null}
                  <StaffAction csrf={loaderData.csrf} intent="reenrol" row={row} />
                  <StaffAction csrf={loaderData.csrf} intent="deactivate" row={row} />
                </div>
              ) : (
                '–'
              ),
          },
        ]}
      />
      <Pagination page={loaderData.page} hasNext={loaderData.hasNext} />
    </>
  );
}

/**
 * One action on a staff account: a plain form, so it works without JavaScript. A confirmation, the
 * one action an admin is waited for, also carries the enrolment the page showed, which is what it
 * confirms.
 */
function StaffAction({
  csrf,
  intent,
  row,
}: {
  csrf: string;
  intent: 'confirm' | 'reenrol' | 'deactivate';
  row: { id: string; displayName: string; enrolledAt: string | null };
}) {
  const t = useT();
  const confirming = intent === 'confirm';
  return (
    <Form method="post" reloadDocument>
      <input type="hidden" name="csrf" value={csrf} />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="staffId" value={row.id} />
      {confirming ? <input type="hidden" name="enrolledAt" value={row.enrolledAt ?? ''} /> : null}
      <button
        type="submit"
        className={confirming ? 'button' : 'button button--secondary'}
        aria-label={t(`backoffice.staff.${intent}.label`, { name: row.displayName })}
      >
        {t(`backoffice.staff.${intent}`)}
      </button>
    </Form>
  );
}
