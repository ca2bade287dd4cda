import type { SubmissionResult } from '@conform-to/react';
import { usePage, useT } from '~/i18n/hooks';
import { type Translate } from '~/i18n/translate';
import { PageTitle } from '~/ui/components/page-header';
import { ResponsiveTable } from '~/ui/components/responsive-table';
import { AppForm } from '~/ui/form/app-form';
import { useFormWithValidationOnDemand } from '~/ui/form/client-validation';
import { ReauthenticationField } from '~/ui/form/reauthentication-field';
import { ButtonForm } from '~/ui/form/button-form';
import { ViewLink } from '../components';
import type { Done } from '../data-page-notices';
import { personalDataExportPath } from '../policy';
import type { DeviceDescription } from '../user-agent';
import { LicenceStatus, type LicenceStatusData } from '~/features/driving-licence/public';

/** What the personal-data page shows, ready formatted in the page's locale. */
export interface PersonalDataPageData {
  csrf: string;
  done: Done | null;
  recentlyAuthenticated: boolean;
  customer: {
    customerNumber: string;
    salutation: 'ms' | 'mr' | 'diverse' | 'none';
    name: string;
    birthDate: string;
    email: string;
    emailVerified: boolean;
    phone: string;
    address: string;
    newsletter: boolean;
  };
  pendingEmail: { email: string; until: string } | null;
  /** Car sharing: the driving licence's state; null for a brand that asks for none. */
  licence: LicenceStatusData | null;
  moreSessions: number;
  sessions: {
    ref: string;
    current: boolean;
    device: DeviceDescription;
    createdAt: string;
    created: string;
    lastSeenAt: string;
    lastSeen: string;
  }[];
  deletion: {
    requestedOn: string | null;
    blockers: { reason: 'negative-balance' | 'contract-not-ended'; amount: string | null; endDate: string | null }[];
  };
}

export interface PersonalDataPageProps {
  loaderData: PersonalDataPageData;
  /** The deletion form's answer; the page's other forms redirect. */
  actionData?: SubmissionResult<string[]>;
}

function deviceName(t: Translate, device: DeviceDescription): string {
  if (device.browser && device.system)
    return t('sessions.browser-on-system', { browser: device.browser, system: device.system });
  return device.browser ?? device.system ?? (device.fallback || t('sessions.unknown-device'));
}

/**
 * The personal-data page (routes/self-service/data.tsx) from the loader's data and the deletion
 * form's answer (features/personal-data/personal-data-page.server.ts).
 */
export function PersonalDataPage({ loaderData, actionData }: PersonalDataPageProps) {
  const t = useT();
  const page = usePage();
  const { csrf, done, customer, pendingEmail } = loaderData;
  return (
    <div className="personal-data">
      <PageTitle page={page?.id ?? 'data'}>
        <p>{t('my-data.intro')}</p>
      </PageTitle>
      {done ? (
        <p className="notice" role="status">
          {t(`my-data.done.${done}`)}
        </p>
      ) : null}

      <section className="personal-data__section" aria-labelledby="personal-heading">
        <h2 id="personal-heading">{t('my-data.personal')}</h2>
        <dl className="data-list">
          <div>
            <dt>{t('my-data.customer-number')}</dt>
            <dd>{customer.customerNumber}</dd>
          </div>
          <div>
            <dt>{t('my-data.salutation')}</dt>
            <dd>{t(`salutation.${customer.salutation}`)}</dd>
          </div>
          <div>
            <dt>{t('my-data.name')}</dt>
            <dd>{customer.name}</dd>
          </div>
          <div>
            <dt>{t('my-data.birth-date')}</dt>
            <dd>{customer.birthDate}</dd>
          </div>
          <div>
            <dt>{t('my-data.address')}</dt>
            <dd>{customer.address}</dd>
          </div>
        </dl>
        <p className="field__hint">{t('my-data.fixed-note')}</p>
      </section>

      {loaderData.licence ? (
        <LicenceStatus
          licence={loaderData.licence}
          correctLink={
            <ViewLink page="licenceCorrection">
              {t(loaderData.licence.state === 'missing' ? 'licence.add' : 'licence.correct')}
            </ViewLink>
          }
        />
      ) : null}

      <section className="personal-data__section" aria-labelledby="contact-heading">
        <h2 id="contact-heading">{t('my-data.contact')}</h2>
        <dl className="data-list">
          <div>
            <dt>{t('my-data.email')}</dt>
            <dd>
              <span className="data-list__value">{customer.email}</span>{' '}
              <span className={customer.emailVerified ? 'badge badge--ok' : 'badge badge--warn'}>
                {t(customer.emailVerified ? 'my-data.email-verified' : 'my-data.email-unverified')}
              </span>
              {pendingEmail ? (
                <div className="data-list__pending">
                  <p>{t('my-data.email-pending', { email: pendingEmail.email, until: pendingEmail.until })}</p>
                  <ButtonForm
                    csrf={csrf}
                    id="cancel-email-change"
                    fields={{ intent: 'cancel-email-change' }}
                    label={t('my-data.email-pending-cancel')}
                    secondary
                  />
                </div>
              ) : null}
              <p className="data-list__action">
                <ViewLink page="updateEmail">{t('my-data.change-email')}</ViewLink>
              </p>
            </dd>
          </div>
          <div>
            <dt>{t('my-data.phone')}</dt>
            <dd>
              <span className="data-list__value">{customer.phone}</span>
              <p className="data-list__action">
                <ViewLink page="updatePhone">{t('my-data.change-phone')}</ViewLink>
              </p>
            </dd>
          </div>
          <div>
            <dt>{t('my-data.password')}</dt>
            <dd>
              <span className="data-list__value">{t('my-data.password-hidden')}</span>
              <p className="data-list__action">
                <ViewLink page="updatePassword">{t('my-data.change-password')}</ViewLink>
              </p>
            </dd>
          </div>
        </dl>
      </section>

      <section className="personal-data__section" aria-labelledby="newsletter-heading">
        <h2 id="newsletter-heading">{t('my-data.newsletter')}</h2>
        <p>{t(customer.newsletter ? 'my-data.newsletter-on' : 'my-data.newsletter-off')}</p>
        <ButtonForm
          csrf={csrf}
          id="newsletter"
          fields={{ intent: 'newsletter', subscribe: customer.newsletter ? 'off' : 'on' }}
          label={t(customer.newsletter ? 'my-data.newsletter-unsubscribe' : 'my-data.newsletter-subscribe')}
          secondary
        />
      </section>

      <Sessions {...loaderData} />

      <section className="personal-data__section" aria-labelledby="export-heading">
        <h2 id="export-heading">{t('data-export.title')}</h2>
        <p>{t('data-export.intro')}</p>
        <p>
          <a className="button button--secondary" href={personalDataExportPath} download>
            {t('data-export.download')}
          </a>
        </p>
      </section>

      <Deletion {...loaderData} lastResult={actionData} />
    </div>
  );
}

function Sessions({ csrf, sessions, moreSessions }: Pick<PersonalDataPageData, 'csrf' | 'sessions' | 'moreSessions'>) {
  const t = useT();
  const others = sessions.filter((session) => !session.current).length + moreSessions;
  return (
    <section className="personal-data__section" aria-labelledby="sessions-heading">
      <h2 id="sessions-heading">{t('sessions.title')}</h2>
      <p>{t('sessions.intro')}</p>
      <ResponsiveTable
        caption={t('sessions.caption')}
        captionHidden
        className="session-table"
        rows={sessions}
        rowKey={(session) => session.ref}
        rowProps={(session) => ({ 'data-current': session.current || undefined })}
        columns={[
          { header: t('sessions.device'), rowHeader: true, cell: (session) => deviceName(t, session.device) },
          {
            header: t('sessions.created'),
            cell: (session) => <time dateTime={session.createdAt}>{session.created}</time>,
          },
          {
            header: t('sessions.last-seen'),
            cell: (session) => <time dateTime={session.lastSeenAt}>{session.lastSeen}</time>,
          },
          {
            header: t('sessions.action'),
            cell: (session) =>
              session.current ? (
                <strong>{t('sessions.this-device')}</strong>
              ) : (
                <ButtonForm
                  csrf={csrf}
                  id={`end-session-${session.ref}`}
                  fields={{ intent: 'end-session', session: session.ref }}
                  label={t('sessions.end')}
                  ariaLabel={t('sessions.end-label', { device: deviceName(t, session.device), since: session.created })}
                  secondary
                />
              ),
          },
        ]}
      />
      {moreSessions > 0 ? <p>{t('sessions.more', { count: moreSessions })}</p> : null}
      {others > 0 ? (
        <ButtonForm
          csrf={csrf}
          id="end-other-sessions"
          fields={{ intent: 'end-other-sessions' }}
          label={t('sessions.end-others')}
        />
      ) : (
        <p>{t('sessions.only-this')}</p>
      )}
    </section>
  );
}

function Deletion({
  csrf,
  deletion,
  recentlyAuthenticated,
  lastResult,
}: Pick<PersonalDataPageData, 'csrf' | 'deletion' | 'recentlyAuthenticated'> & {
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const t = useT();
  const { form, fields, validation } = useFormWithValidationOnDemand(
    () => import('../schemas').then((module) => module.deletionRequestSchema),
    { id: 'account-deletion', lastResult },
  );
  return (
    <section className="personal-data__section" aria-labelledby="deletion-heading">
      <h2 id="deletion-heading">{t('account-deletion.title')}</h2>
      {deletion.requestedOn ? (
        <p className="notice">{t('account-deletion.requested', { date: deletion.requestedOn })}</p>
      ) : (
        <>
          <p>{t('account-deletion.intro')}</p>
          {deletion.blockers.length > 0 ? (
            <div className="notice notice--error">
              <p>{t('account-deletion.blocked')}</p>
              <ul>
                {deletion.blockers.map((blocker) => (
                  <li key={blocker.reason}>
                    {blocker.reason === 'negative-balance' ? (
                      <>
                        {t('account-deletion.negative-balance', { amount: blocker.amount ?? '' })}{' '}
                        <ViewLink page="credit">{t('account-deletion.to-credit')}</ViewLink>
                      </>
                    ) : (
                      <>
                        {blocker.endDate
                          ? t('account-deletion.contract-ends', { date: blocker.endDate })
                          : t('account-deletion.contract-not-ended')}{' '}
                        <ViewLink page="contract">{t('account-deletion.to-contract')}</ViewLink>
                      </>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            <AppForm form={form} csrfToken={csrf} validation={validation} className="personal-data__deletion">
              <input type="hidden" name="intent" value="request-deletion" />
              <ReauthenticationField field={fields.currentPassword} needed={!recentlyAuthenticated} />
              <button type="submit" className="button">
                {t('account-deletion.submit')}
              </button>
            </AppForm>
          )}
        </>
      )}
    </section>
  );
}
