import type { Route } from './+types/start';
import { staffRoles } from '~/config/back-office';
import { requireStaff } from '~/features/staff/public.server';
import { useT } from '~/i18n/hooks';
import { backOfficeMeta, backOfficeTitle } from './back-office-page';

export const meta = backOfficeMeta;

export function loader({ context }: Route.LoaderArgs) {
  const staff = requireStaff(context);
  return { title: backOfficeTitle(context, 'backoffice.page.start'), name: staff.displayName, role: staff.role };
}

/** What each role does here (docs/rules/back-office.md#access-by-role); an admin sees every line. */
export default function BackOfficeStart({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { role } = loaderData;
  const can = role === 'admin' ? staffRoles : [role];
  return (
    <>
      <div className="page-title">
        <h1>{t('backoffice.start.welcome', { name: loaderData.name })}</h1>
      </div>
      <p>{t('backoffice.start.role', { role: t(`backoffice.role.${role}`) })}</p>
      <h2>{t('backoffice.start.can')}</h2>
      <ul>
        {can.map((each) => (
          <li key={each}>{t(`backoffice.start.can.${each}`)}</li>
        ))}
      </ul>
    </>
  );
}
