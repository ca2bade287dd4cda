import { data, Form, redirect } from 'react-router';
import type { Route } from './+types/money-request';
import { business } from '~/config/business';
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
import { parseForm } from '~/shared/security/parse-form.server';
import { submittedForm } from '~/shared/security/submitted-form.server';
import { AppLink } from '~/ui/components/app-link';
import { backOfficeMeta, backOfficeTitle } from './back-office-page';
import { MoneyField } from './money-fields';
import { fieldErrors, moneyActor, pageLocale, typedValues } from './money-page.server';

export const meta = backOfficeMeta;

const outcomes = ['booked', 'pending', 'approved', 'rejected', 'own-request', 'decided', 'customer-deleted'] as const;
const idSchema = z.uuid();
const decisionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('approve'), id: z.uuid() }),
  z.object({
    intent: z.literal('reject'),
    id: z.uuid(),
    reason: z
      .string('backoffice.money.rejection.invalid')
      .check(
        z.trim(),
        z.minLength(3, 'backoffice.money.rejection.invalid'),
        z.maxLength(business.backOffice.reasonMaxLength, 'backoffice.money.rejection.invalid'),
      ),
  }),
]);

function notFound(): never {
  throw data({ message: 'backoffice.money.not-found' }, { status: 404 });
}

/** One request; a different finance or admin staff member approves or rejects it while it is pending. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const id = idSchema.safeParse(url.searchParams.get('id'));
  if (!id.success) notFound();
  const services = context.get(servicesContext);
  const actor = moneyActor(context);
  const found = await viewMoneyRequest(services, actor, id.data);
  if (!found) notFound();
  const names = await staffNames(services);
  const locale = pageLocale(context);
  const csrf = csrfFor(request, context);
  return data(
    {
      title: backOfficeTitle(context, 'backoffice.page.moneyRequest'),
      csrf: csrf.token,
      done: outcomes.find((outcome) => outcome === url.searchParams.get('done')) ?? null,
      canDecide: found.state === 'pending' && found.requestedByStaffId !== actor.staffId,
      ownPending: found.state === 'pending' && found.requestedByStaffId === actor.staffId,
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
  const form = await submittedForm(request, context);
  const submission = parseForm(form, decisionSchema);
  if (submission.status !== 'success') {
    const errors = fieldErrors(submission.error);
    if (!errors.reason || errors.id || errors.intent) throw data({ message: 'form.refused' }, { status: 400 });
    return data({ values: typedValues(form, ['reason']), errors }, { status: 400 });
  }
  const services = context.get(servicesContext);
  const actor = moneyActor(context);
  const { id } = submission.value;
  const outcome =
    submission.value.intent === 'approve'
      ? await approveMoneyRequest(services, actor, id)
      : await rejectMoneyRequest(services, actor, id, { reason: submission.value.reason });
  if (!outcome.ok && outcome.error === 'not-found') notFound();
  if (!outcome.ok && (outcome.error === 'role' || outcome.error === 'reason')) {
    throw data({ message: 'form.refused' }, { status: 400 });
  }
  const done = outcome.ok ? (submission.value.intent === 'approve' ? 'approved' : 'rejected') : outcome.error;
  return redirect(`${backOfficePath('moneyRequest')}?${new URLSearchParams({ id, done }).toString()}`);
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
        <>
          <h2>{t('backoffice.money.decide')}</h2>
          <Form method="post" className="form" reloadDocument>
            <input type="hidden" name="csrf" value={loaderData.csrf} />
            <input type="hidden" name="intent" value="approve" />
            <input type="hidden" name="id" value={request.id} />
            <button type="submit" className="button">
              {t('backoffice.money.approve')}
            </button>
          </Form>
          <Form method="post" className="form" reloadDocument noValidate>
            <input type="hidden" name="csrf" value={loaderData.csrf} />
            <input type="hidden" name="intent" value="reject" />
            <input type="hidden" name="id" value={request.id} />
            <MoneyField id="money-rejection" label={t('backoffice.money.rejection')} error={actionData?.errors.reason}>
              {(attributes) => (
                <textarea
                  {...attributes}
                  className="field__input"
                  name="reason"
                  rows={2}
                  required
                  maxLength={500}
                  defaultValue={actionData?.values.reason}
                />
              )}
            </MoneyField>
            <button type="submit" className="button button--secondary">
              {t('backoffice.money.reject')}
            </button>
          </Form>
        </>
      ) : null}
      <p>
        <AppLink to={backOfficePath('money')}>{t('backoffice.money.back')}</AppLink>
      </p>
    </>
  );
}
