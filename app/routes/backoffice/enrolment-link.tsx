import { useT } from '~/i18n/hooks';

/**
 * An enrolment link as an admin sees it once, after creating an account or enrolling one again, to
 * hand on by a safe channel (docs/rules/back-office.md#enrolment).
 */
export function EnrolmentLink({ link }: { link: string }) {
  const t = useT();
  return (
    <dl className="back-office-enrolment">
      <dt>{t('backoffice.staff.enrolment-link')}</dt>
      <dd>
        <code data-testid="enrolment-link">{link}</code>
      </dd>
    </dl>
  );
}
