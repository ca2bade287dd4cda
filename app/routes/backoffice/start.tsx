import type { Route } from './+types/start';
import { requireStaff } from '~/features/staff/public.server';
import { useT } from '~/i18n/hooks';
import { backOfficeMeta, backOfficeTitle } from './back-office-page';

export const meta = backOfficeMeta;

export function loader({ context }: Route.LoaderArgs) {
  const staff = requireStaff(context);
  return { title: backOfficeTitle(context, 'backoffice.page.start'), name: staff.displayName, role: staff.role };
}

/** What the role does here (docs/rules/back-office.md#access-by-role). */
export default function BackOfficeStart({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { role } = loaderData;
  return (
    <>
      <div className="page-title">
        <h1>{t('backoffice.start.welcome', { name: loaderData.name })}</h1>
      </div>
      <p>{t('backoffice.start.role', { role: t(`backoffice.role.${role}`) })}</p>
      <h2>{t('backoffice.start.can')}</h2>
      <p>{t(`backoffice.start.can.${role}`)}</p>
    </>
  );
}
