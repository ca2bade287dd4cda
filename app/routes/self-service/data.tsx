import { data, useActionData, useLoaderData } from 'react-router';
import type { Route } from './+types/data';
import { requestAccountDeletion } from '~/features/personal-data/account-deletion.server';
import { ActionButton, ViewLink } from '~/features/personal-data/components';
import { personalDataScope } from '~/features/personal-data/context.server';
import { cancelEmailChange } from '~/features/personal-data/email-change.server';
import { formatCalendarDate, formatPhone } from '~/features/personal-data/format';
import { loadPersonalData, setNewsletter } from '~/features/personal-data/personal-data.server';
import { personalDataExportPath } from '~/features/personal-data/policy';
import { deletionRequestSchema } from '~/features/personal-data/schemas';
import { endOtherSession, endOtherSessions } from '~/features/personal-data/sessions.server';
import type { DeviceDescription } from '~/features/personal-data/user-agent';
import { csrfFor } from '~/shared/security/form-page.server';
import { usePage, useT } from '~/i18n/hooks';
import { type Translate } from '~/i18n/translate';
import { PageTitle } from '~/ui/components/page-header';
import { ResponsiveTable } from '~/ui/components/responsive-table';
import { AppForm } from '~/ui/form/app-form';
import { useFormWithValidationOnDemand } from '~/ui/form/client-validation';
import { ReauthenticationField } from '~/ui/form/reauthentication-field';
import { namedPageMeta, privatePageHeaders } from '~/ui/page-meta';
import { parseForm } from '~/shared/security/parse-form.server';
import { submittedForm } from '~/shared/security/submitted-form.server';
import { formatEuro, formatInstant } from '~/i18n/intl-formats';
import { redirectCarrying } from '~/shared/navigation/redirect-carrying';

export const headers = privatePageHeaders;
export const meta = namedPageMeta;

/** Status messages a redirect back to this page may ask for (`?done=…`). */
const doneMessages = [
  'email-requested',
  'email-cancelled',
  'phone-changed',
  'password-changed',
  'newsletter-on',
  'newsletter-off',
  'session-ended',
  'sessions-ended',
  'session-not-found',
  'deletion-requested',
] as const;
type Done = (typeof doneMessages)[number];
const isDone = (value: string | null): value is Done => (doneMessages as readonly (string | null)[]).includes(value);

export async function loader({ request, context }: Route.LoaderArgs) {
  const scope = personalDataScope(request, context);
  const { locale } = scope;
  const personal = await loadPersonalData(scope.ctx.db, scope.customerId, scope.session.idHash);
  if (!personal) throw new Response('Not Found', { status: 404 });
  const { customer } = personal;
  const csrf = csrfFor(request, context);
  const done = new URL(request.url).searchParams.get('done');
  return data(
    {
      csrf: csrf.token,
      done: isDone(done) ? done : null,
      recentlyAuthenticated: scope.recentlyAuthenticated,
      customer: {
        customerNumber: customer.customerNumber,
        salutation: customer.salutation,
        name: `${customer.firstName} ${customer.lastName}`,
        birthDate: formatCalendarDate(customer.birthDate, locale),
        email: customer.email,
        emailVerified: customer.emailVerifiedAt !== null,
        phone: formatPhone(customer.phoneE164),
        address: customer.addressText,
        newsletter: customer.newsletter,
      },
      pendingEmail: personal.pendingEmail
        ? { email: personal.pendingEmail.email, until: formatInstant(personal.pendingEmail.expiresAt, locale) }
        : null,
      moreSessions: personal.sessions.more,
      sessions: personal.sessions.entries.map((session) => ({
        ref: session.ref,
        current: session.current,
        device: session.device,
        createdAt: session.createdAt.toISOString(),
        created: formatInstant(session.createdAt, locale),
        lastSeenAt: session.lastSeenAt.toISOString(),
        lastSeen: formatInstant(session.lastSeenAt, locale),
      })),
      deletion: {
        requestedOn: customer.deletionRequestedAt ? formatInstant(customer.deletionRequestedAt, locale) : null,
        blockers: personal.deletionBlockers.map((blocker) =>
          blocker.reason === 'negative-balance'
            ? { reason: blocker.reason, amount: formatEuro(blocker.balanceCents, locale), endDate: null }
            : {
                reason: blocker.reason,
                amount: null,
                endDate:
                  blocker.state === 'cancellation_requested' && blocker.endDate
                    ? formatCalendarDate(blocker.endDate, locale)
                    : null,
              },
        ),
      },
    },
    { headers: csrf.headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const scope = personalDataScope(request, context);
  const { db } = scope.ctx;
  const formData = await submittedForm(request, context);
  const back = (done: Done) => redirectCarrying(request, `${new URL(request.url).pathname}?done=${done}`);

  switch (formData.get('intent')) {
    case 'end-session': {
      const outcome = await endOtherSession(
        db,
        scope.customerId,
        scope.session.idHash,
        String(formData.get('session') ?? ''),
      );
      return back(outcome === 'ended' ? 'session-ended' : 'session-not-found');
    }
    case 'end-other-sessions':
      await endOtherSessions(db, scope.customerId, scope.session.idHash);
      return back('sessions-ended');
    case 'newsletter': {
      const subscribe = formData.get('subscribe') === 'on';
      await setNewsletter(db, scope.customerId, subscribe);
      return back(subscribe ? 'newsletter-on' : 'newsletter-off');
    }
    case 'cancel-email-change':
      await cancelEmailChange(db, scope.customerId);
      return back('email-cancelled');
    case 'request-deletion': {
      const submission = parseForm(formData, deletionRequestSchema);
      if (submission.status !== 'success') return submission.reply({ hideFields: ['currentPassword'] });
      const outcome = await requestAccountDeletion(
        scope.ctx,
        { session: scope.session, clientIp: scope.clientIp, locale: scope.locale },
        submission.value,
      );
      if (outcome.ok) return back('deletion-requested');
      if ('blockers' in outcome) {
        return submission.reply({
          formErrors: outcome.blockers.map((blocker) =>
            blocker.reason === 'negative-balance'
              ? `account-deletion.negative-balance?${new URLSearchParams({ amount: formatEuro(blocker.balanceCents, scope.locale) })}`
              : 'account-deletion.contract-not-ended',
          ),
          hideFields: ['currentPassword'],
        });
      }
      return 'field' in outcome
        ? submission.reply({ fieldErrors: { currentPassword: [outcome.error] }, hideFields: ['currentPassword'] })
        : submission.reply({ formErrors: [outcome.error], hideFields: ['currentPassword'] });
    }
    default:
      throw new Response('Bad Request', { status: 400 });
  }
}

function deviceName(t: Translate, device: DeviceDescription): string {
  if (device.browser && device.system)
    return t('sessions.browser-on-system', { browser: device.browser, system: device.system });
  return device.browser ?? device.system ?? (device.fallback || t('sessions.unknown-device'));
}

export default function PersonalData() {
  const t = useT();
  const page = usePage();
  const { csrf, done, customer, pendingEmail } = useLoaderData<typeof loader>();
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
                  <ActionButton
                    csrf={csrf}
                    intent="cancel-email-change"
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
        <ActionButton
          csrf={csrf}
          intent="newsletter"
          fields={{ subscribe: customer.newsletter ? 'off' : 'on' }}
          label={t(customer.newsletter ? 'my-data.newsletter-unsubscribe' : 'my-data.newsletter-subscribe')}
          secondary
        />
      </section>

      <Sessions />

      <section className="personal-data__section" aria-labelledby="export-heading">
        <h2 id="export-heading">{t('data-export.title')}</h2>
        <p>{t('data-export.intro')}</p>
        <p>
          <a className="button button--secondary" href={personalDataExportPath} download>
            {t('data-export.download')}
          </a>
        </p>
      </section>

      <Deletion />
    </div>
  );
}

function Sessions() {
  const t = useT();
  const { csrf, sessions, moreSessions } = useLoaderData<typeof loader>();
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
                <ActionButton
                  csrf={csrf}
                  intent="end-session"
                  fields={{ session: session.ref }}
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
        <ActionButton csrf={csrf} intent="end-other-sessions" label={t('sessions.end-others')} />
      ) : (
        <p>{t('sessions.only-this')}</p>
      )}
    </section>
  );
}

function Deletion() {
  const t = useT();
  const { csrf, deletion, recentlyAuthenticated } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { form, fields, validation } = useFormWithValidationOnDemand(
    () => import('~/features/personal-data/schemas').then((module) => module.deletionRequestSchema),
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
