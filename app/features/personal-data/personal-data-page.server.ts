import type { PageHandlerArgs } from '~/context';
import { data } from 'react-router';
import { formatEuro, formatInstant } from '~/i18n/intl-formats';
import { redirectCarrying } from '~/shared/navigation/redirect-carrying';
import { csrfFor } from '~/shared/security/form-page.server';
import { parseForm } from '~/shared/security/parse-form.server';
import { submittedForm } from '~/shared/security/submitted-form.server';
import { requestAccountDeletion } from './account-deletion.server';
import type { PersonalDataPageData } from './components/personal-data-page';
import { personalDataScope } from './context.server';
import { isDone, type Done } from './data-page-notices';
import { cancelEmailChange } from './email-change.server';
import { formatCalendarDate, formatPhone } from './format';
import { loadPersonalData, setNewsletter } from './personal-data.server';
import { deletionRequestSchema } from './schemas';
import { endOtherSession, endOtherSessions } from './sessions.server';
import { licenceStatusFor } from '~/features/driving-licence/public.server';

/**
 * The personal-data page (routes/self-service/data.tsx): the customer's data, contact details,
 * newsletter, sessions and account deletion, and the status message a redirect back asked for.
 */
export async function personalDataPageLoader({ request, url, context }: PageHandlerArgs) {
  const scope = personalDataScope(url, context);
  const { locale } = scope;
  const personal = await loadPersonalData(scope.ctx.db, scope.customerId, scope.session.idHash);
  if (!personal) throw new Response('Not Found', { status: 404 });
  const { customer } = personal;
  const licence = await licenceStatusFor(scope.ctx, scope.customerId, locale);
  const csrf = csrfFor(request, context);
  const done = url.searchParams.get('done');
  return data(
    {
      csrf: csrf.token,
      licence,
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
    } satisfies PersonalDataPageData,
    { headers: csrf.headers },
  );
}

/**
 * The page's forms, told apart by their `intent`: end one or all other sessions, switch the
 * newsletter, cancel a pending email change, request the account's deletion. Each success goes back
 * to the page with its status message; a deletion request that cannot be done answers the form.
 */
export async function personalDataPageAction({ request, url, context }: PageHandlerArgs) {
  const scope = personalDataScope(url, context);
  const { db } = scope.ctx;
  const formData = await submittedForm(request, context);
  const back = (done: Done) => redirectCarrying(url, `${url.pathname}?done=${done}`);

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
