import type { LicenceRejectionReason } from '~/config/business';
import { useT } from '~/i18n/hooks';
import type { ReactNode } from 'react';

/** The current licence as the personal-data page shows it, formatted in the page's locale. */
export interface LicenceStatusData {
  state: 'pending' | 'verified' | 'rejected' | 'expired' | 'missing';
  number: string | null;
  country: string | null;
  issuedOn: string | null;
  expiresOn: string | null;
  rejectionReason: LicenceRejectionReason | null;
  correctable: boolean;
}

const badge: Record<LicenceStatusData['state'], string> = {
  pending: 'badge badge--warn',
  verified: 'badge badge--ok',
  rejected: 'badge badge--warn',
  expired: 'badge badge--warn',
  missing: 'badge badge--warn',
};

/**
 * The licence section of the personal-data page (docs/rules/accounts.md#driving-licence): its state, the
 * rejection's reason, and, when the licence can be corrected, the link the caller passes in.
 */
export function LicenceStatus({ licence, correctLink }: { licence: LicenceStatusData; correctLink: ReactNode }) {
  const t = useT();
  return (
    <section className="personal-data__section" aria-labelledby="licence-heading">
      <h2 id="licence-heading">{t('licence.heading')}</h2>
      <dl className="data-list">
        <div>
          <dt>{t('licence.state')}</dt>
          <dd>
            <span className={badge[licence.state]} data-testid="licence-state">
              {t(`licence.state.${licence.state}`)}
            </span>
            {licence.state === 'pending' ? <p>{t('licence.pending-note')}</p> : null}
            {licence.state === 'rejected' && licence.rejectionReason ? (
              <p>{t('licence.rejected-note', { reason: t(`licence.reason.${licence.rejectionReason}`) })}</p>
            ) : null}
            {licence.state === 'expired' && licence.expiresOn ? (
              <p>{t('licence.expired-note', { date: licence.expiresOn })}</p>
            ) : null}
            {licence.correctable ? <p className="data-list__action">{correctLink}</p> : null}
          </dd>
        </div>
        {licence.number ? (
          <>
            <div>
              <dt>{t('licence.number-label')}</dt>
              <dd>{licence.number}</dd>
            </div>
            <div>
              <dt>{t('licence.country-label')}</dt>
              <dd>{licence.country}</dd>
            </div>
            <div>
              <dt>{t('licence.issued-label')}</dt>
              <dd>{licence.issuedOn}</dd>
            </div>
            <div>
              <dt>{t('licence.expires-label')}</dt>
              <dd>{licence.expiresOn ?? t('licence.no-expiry')}</dd>
            </div>
          </>
        ) : null}
      </dl>
    </section>
  );
}
