import { data } from 'react-router';
import type { Route } from './+types/money-request';
import { servicesContext } from '~/context';
import {
  approveMoneyRequest,
  ledgerReference,
  rejectMoneyRequest,
  viewMoneyRequest,
} from '~/features/goodwill/public.server';
import { staffNames } from '~/features/staff/public.server';
import { backOfficePath } from '~/i18n/back-office-routes';
import { useT } from '~/i18n/hooks';
import { formatEuro, formatInstant } from '~/i18n/intl-formats';
import { z } from '~/platform/validation';
import { csrfFor } from '~/shared/security/form-page.server';
import { AppLink } from '~/ui/components/app-link';
import { backOfficeMeta, backOfficeTitle } from './back-office-page';
import { decideFourEyes, moneyItemNotFound } from './four-eyes-decision.server';
import { DecisionForms } from './money-fields';
import { moneyActor, pageLocale } from './money-page.server';

export const meta = backOfficeMeta;

const outcomes = ['booked', 'pending', 'approved', 'rejected', 'own-request', 'decided', 'customer-deleted'] as const;
const idSchema = z.uuid();

/** One request; a different finance or admin staff member approves or rejects it while it is pending. */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const id = idSchema.safeParse(url.searchParams.get('id'));
  if (!id.success) moneyItemNotFound();
  const services = context.get(servicesContext);
  const actor = moneyActor(context);
  const found = await viewMoneyRequest(services, actor, id.data);
  if (!found) moneyItemNotFound();
  const names = await staffNames(services);
  const locale = pageLocale(context);
  const csrf = csrfFor(request, context);
  return data(
    {
      title: backOfficeTitle(context, 'backoffice.page.moneyRequest'),
      csrf: csrf.token,
      done: outcomes.find((outcome) => outcome === url.searchParams.get('done')) ?? null,
      canDecide: found.decidable,
      ownPending: found.state === 'pending' && !found.decidable,
      request: {
        id: found.id,
        number: ledgerReference(found),
        customerNumber: found.customerNumber,
        kind: found.kind,
        amount: formatEuro(found.amountCents, locale),
        reason: found.reason,
        state: found.state,
        requestedBy: names.get(found.requestedByStaffId) ?? found.requestedByStaffId,
        requestedAt: formatInstant(found.requestedAt, locale),
        decidedBy: found.decidedByStaffId ? (names.get(found.decidedByStaffId) ?? found.decidedByStaffId) : null,
        decidedAt: found.decidedAt ? formatInstant(found.decidedAt, locale) : null,
        rejectionReason: found.rejectionReason,
      },
    },
    { headers: csrf.headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  return decideFourEyes(request, context, {
    approve: approveMoneyRequest,
    reject: rejectMoneyRequest,
    pagePath: backOfficePath('moneyRequest'),
  });
}

const doneMessages = {
  booked: 'backoffice.money.done.booked',
  pending: 'backoffice.money.done.pending',
  approved: 'backoffice.money.done.approved',
  rejected: 'backoffice.money.done.rejected',
  'own-request': 'backoffice.money.done.own-request',
  decided: 'backoffice.money.done.decided',
  'customer-deleted': 'backoffice.money.done.customer-deleted',
} as const;

export default function MoneyRequestPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { request } = loaderData;
  const failed =
    loaderData.done === 'own-request' || loaderData.done === 'decided' || loaderData.done === 'customer-deleted';
  return (
    <>
      <div className="page-title">
        <h1>{t('backoffice.money.request.heading', { number: request.number })}</h1>
      </div>
      {loaderData.done ? (
        <p className={failed ? 'notice notice--error' : 'notice'} role="status">
          {t(doneMessages[loaderData.done])}
        </p>
      ) : null}
      <dl className="back-office-details">
        <dt>{t('backoffice.money.state')}</dt>
        <dd data-testid="money-state">{t(`backoffice.money.state.${request.state}`)}</dd>
        <dt>{t('backoffice.money.customer-number')}</dt>
        <dd>{request.customerNumber}</dd>
        <dt>{t('backoffice.money.kind')}</dt>
        <dd>{t(`backoffice.money.kind.${request.kind}`)}</dd>
        <dt>{t('backoffice.money.amount')}</dt>
        <dd>{request.amount}</dd>
        <dt>{t('backoffice.money.reason')}</dt>
        <dd>{request.reason}</dd>
        <dt>{t('backoffice.money.requested-by')}</dt>
        <dd>
          {request.requestedBy}, {request.requestedAt}
        </dd>
        {request.decidedBy ? (
          <>
            <dt>{t('backoffice.money.decided-by')}</dt>
            <dd>
              {request.decidedBy}, {request.decidedAt}
            </dd>
          </>
        ) : null}
        {request.rejectionReason ? (
          <>
            <dt>{t('backoffice.money.rejection')}</dt>
            <dd>{request.rejectionReason}</dd>
          </>
        ) : null}
      </dl>
      {loaderData.ownPending ? <p>{t('backoffice.money.waits-for-second')}</p> : null}
      {loaderData.canDecide ? (
        <DecisionForms
          csrf={loaderData.csrf}
          id={request.id}
          fieldId="money-rejection"
          approveLabel={t('backoffice.money.approve')}
          rejectLabel={t('backoffice.money.reject')}
          refused={actionData}
        />
      ) : null}
      <p>
        <AppLink to={backOfficePath('money')}>{t('backoffice.money.back')}</AppLink>
      </p>
    </>
  );
}
