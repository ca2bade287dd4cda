import { data, Form } from 'react-router';
import type { Route } from './+types/staff-new';
import { servicesContext } from '~/context';
import { staffRoles } from '~/config/back-office';
import { auditOrigin, inviteStaffMember, requireStaff } from '~/features/staff/public.server';
import { backOfficePath } from '~/i18n/back-office-routes';
import { useT } from '~/i18n/hooks';
import { z } from '~/platform/validation';
import { csrfFor } from '~/shared/security/form-page.server';
import { parseForm } from '~/shared/security/parse-form.server';
import { submittedForm } from '~/shared/security/submitted-form.server';
import { AppLink } from '~/ui/components/app-link';
import { backOfficeMeta, backOfficeTitle, enrolmentLinkOf } from './back-office-page';
import { EnrolmentLink } from './enrolment-link';

export const meta = backOfficeMeta;

const createSchema = z.object({
  intent: z.literal('create'),
  email: z.pipe(
    z.string('backoffice.staff.invalid-email').check(z.trim()),
    z.email('backoffice.staff.invalid-email').check(z.maxLength(254, 'backoffice.staff.invalid-email')),
  ),
  displayName: z
    .string('backoffice.staff.invalid-name')
    .check(
      z.trim(),
      z.minLength(1, 'backoffice.staff.invalid-name'),
      z.maxLength(100, 'backoffice.staff.invalid-name'),
    ),
  role: z.enum(staffRoles, 'backoffice.staff.invalid-role'),
});

export function loader({ request, context }: Route.LoaderArgs) {
  const csrf = csrfFor(request, context);
  return data(
    { title: backOfficeTitle(context, 'backoffice.page.staffNew'), csrf: csrf.token },
    { headers: csrf.headers },
  );
}

/**
 * Creates the account without password and shows its enrolment link once: the person sets their own
 * password and takes the TOTP key there (docs/rules/back-office.md#enrolment). The link is in this
 * answer only (its hash is stored), so the page is the POST's answer, never cached.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireStaff(context);
  const submission = parseForm(await submittedForm(request, context), createSchema);
  if (submission.status !== 'success') {
    const errors = Object.values(submission.error ?? {})
      .flat()
      .filter((message): message is string => Boolean(message));
    return data({ kind: 'invalid' as const, errors: [...new Set(errors)] }, { status: 400 });
  }
  const services = context.get(servicesContext);
  const outcome = await inviteStaffMember(
    services,
    { email: submission.value.email, displayName: submission.value.displayName, role: submission.value.role },
    staff.staffId,
    auditOrigin(context),
  );
  if (outcome.kind === 'email-taken') {
    return data({ kind: 'invalid' as const, errors: ['backoffice.staff.email-taken'] }, { status: 409 });
  }
  return data(
    {
      kind: 'created' as const,
      email: submission.value.email.toLowerCase(),
      link: enrolmentLinkOf(services.config.publicUrl, outcome.token),
    },
    { headers: { 'Cache-Control': 'private, no-store' } },
  );
}

export default function StaffNew({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  if (actionData?.kind === 'created') {
    return (
      <>
        <div className="page-title">
          <h1>{t('backoffice.staff.created', { email: actionData.email })}</h1>
        </div>
        <p className="notice" role="status">
          {t('backoffice.staff.enrolment')}
        </p>
        <EnrolmentLink link={actionData.link} />
        <p>
          <AppLink className="button" to={backOfficePath('staff')}>
            {t('backoffice.page.staff')}
          </AppLink>
        </p>
      </>
    );
  }
  const errors = actionData?.kind === 'invalid' ? actionData.errors : [];
  return (
    <>
      <div className="page-title">
        <h1>{t('backoffice.page.staffNew')}</h1>
      </div>
      <Form method="post" className="form" reloadDocument>
        {errors.length ? (
          <div className="form__error" role="alert">
            {errors.map((error) => (
              <p key={error}>{t(error as 'backoffice.staff.invalid-email')}</p>
            ))}
          </div>
        ) : null}
        <input type="hidden" name="csrf" value={loaderData.csrf} />
        <input type="hidden" name="intent" value="create" />
        <div className="field">
          <label className="field__label" htmlFor="staff-email">
            {t('backoffice.staff.email')}
          </label>
          <input
            className="field__input"
            id="staff-email"
            name="email"
            type="email"
            autoComplete="off"
            required
            maxLength={254}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="staff-name">
            {t('backoffice.staff.name')}
          </label>
          <input
            className="field__input"
            id="staff-name"
            name="displayName"
            type="text"
            autoComplete="off"
            required
            maxLength={100}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="staff-role">
            {t('backoffice.staff.role')}
          </label>
          <select className="field__input" id="staff-role" name="role" required defaultValue="agent">
            {staffRoles.map((role) => (
              <option key={role} value={role}>
                {t(`backoffice.role.${role}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button">
          {t('backoffice.staff.create')}
        </button>
      </Form>
    </>
  );
}
