import { data, Form, redirect } from 'react-router';
import type { Route } from './+types/voucher-batch';
import { business } from '~/config/business';
import { servicesContext } from '~/context';
import { approveVoucherBatch, rejectVoucherBatch, viewVoucherBatch } from '~/features/goodwill/public.server';
import { staffNames } from '~/features/staff/public.server';
import { backOfficePath } from '~/i18n/back-office-routes';
import { useT } from '~/i18n/hooks';
import { formatDate, formatEuro, formatInstant } from '~/i18n/intl-formats';
import { z } from '~/platform/validation';
import { csrfFor } from '~/shared/security/form-page.server';
import { parseForm } from '~/shared/security/parse-form.server';
import { submittedForm } from '~/shared/security/submitted-form.server';
import { AppLink } from '~/ui/components/app-link';
import { backOfficeMeta, backOfficeTitle } from './back-office-page';
import { MoneyField } from './money-fields';
import { fieldErrors, moneyActor, pageLocale, typedValues } from './money-page.server';

export const meta = backOfficeMeta;

const outcomes = ['created', 'pending', 'approved', 'rejected', 'own-batch', 'decided'] as const;
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

/**
 * One batch: its state and redeemed count; approval while pending; the CSV export once approved
 * (finance). The view is recorded in the audit log.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const id = idSchema.safeParse(url.searchParams.get('id'));
  if (!id.success) notFound();
  const services = context.get(servicesContext);
  const actor = moneyActor(context);
  const batch = await viewVoucherBatch(services, actor, id.data);
  if (!batch) notFound();
  const names = await staffNames(services);
  const locale = pageLocale(context);
  const csrf = csrfFor(request, context);
  return data(
    {
      title: backOfficeTitle(context, 'backoffice.page.voucherBatch'),
      csrf: csrf.token,
      done: outcomes.find((outcome) => outcome === url.searchParams.get('done')) ?? null,
      canDecide: batch.state === 'pending' && batch.createdByStaffId !== actor.staffId,
      ownPending: batch.state === 'pending' && batch.createdByStaffId === actor.staffId,
      canExport: batch.state === 'approved' && actor.role === 'finance',
      exportPath: backOfficePath('voucherBatchExport'),
      batch: {
        id: batch.id,
        count: batch.count,
        value: formatEuro(batch.valueCents, locale),
        total: formatEuro(batch.valueCents * batch.count, locale),
        expiresOn: formatDate(batch.expiresOn, locale),
        state: batch.state,
        redeemed: batch.redeemedCount,
        createdBy: names.get(batch.createdByStaffId) ?? batch.createdByStaffId,
        createdAt: formatInstant(batch.createdAt, locale),
        decidedBy: batch.decidedByStaffId ? (names.get(batch.decidedByStaffId) ?? batch.decidedByStaffId) : null,
        decidedAt: batch.decidedAt ? formatInstant(batch.decidedAt, locale) : null,
        rejectionReason: batch.rejectionReason,
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
      ? await approveVoucherBatch(services, actor, id)
      : await rejectVoucherBatch(services, actor, id, { reason: submission.value.reason });
  if (!outcome.ok && outcome.error === 'not-found') notFound();
  if (!outcome.ok && (outcome.error === 'role' || outcome.error === 'reason')) {
    throw data({ message: 'form.refused' }, { status: 400 });
  }
  const done = outcome.ok ? (submission.value.intent === 'approve' ? 'approved' : 'rejected') : outcome.error;
  return redirect(`${backOfficePath('voucherBatch')}?${new URLSearchParams({ id, done }).toString()}`);
}

const doneMessages = {
  created: 'backoffice.vouchers.done.created',
  pending: 'backoffice.vouchers.done.pending',
  approved: 'backoffice.vouchers.done.approved',
  rejected: 'backoffice.vouchers.done.rejected',
  'own-batch': 'backoffice.vouchers.done.own-batch',
  decided: 'backoffice.money.done.decided',
} as const;

export default function VoucherBatchPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { batch } = loaderData;
  const failed = loaderData.done === 'own-batch' || loaderData.done === 'decided';
  return (
    <>
      <div className="page-title">
        <h1>{t('backoffice.page.voucherBatch')}</h1>
      </div>
      {loaderData.done ? (
        <p className={failed ? 'notice notice--error' : 'notice'} role="status">
          {t(doneMessages[loaderData.done])}
        </p>
      ) : null}
      <dl className="back-office-details">
        <dt>{t('backoffice.money.state')}</dt>
        <dd data-testid="batch-state">{t(`backoffice.vouchers.state.${batch.state}`)}</dd>
        <dt>{t('backoffice.vouchers.count')}</dt>
        <dd>{batch.count}</dd>
        <dt>{t('backoffice.vouchers.value')}</dt>
        <dd>{batch.value}</dd>
        <dt>{t('backoffice.vouchers.total')}</dt>
        <dd>{batch.total}</dd>
        <dt>{t('backoffice.vouchers.expires-on')}</dt>
        <dd>{batch.expiresOn}</dd>
        <dt>{t('backoffice.vouchers.redeemed')}</dt>
        <dd data-testid="batch-redeemed">{batch.redeemed}</dd>
        <dt>{t('backoffice.vouchers.created-by')}</dt>
        <dd>
          {batch.createdBy}, {batch.createdAt}
        </dd>
        {batch.decidedBy ? (
          <>
            <dt>{t('backoffice.money.decided-by')}</dt>
            <dd>
              {batch.decidedBy}, {batch.decidedAt}
            </dd>
          </>
        ) : null}
        {batch.rejectionReason ? (
          <>
            <dt>{t('backoffice.money.rejection')}</dt>
            <dd>{batch.rejectionReason}</dd>
          </>
        ) : null}
      </dl>
      {loaderData.ownPending ? <p>{t('backoffice.money.waits-for-second')}</p> : null}
      {loaderData.canExport ? (
        <Form method="post" action={loaderData.exportPath} reloadDocument>
          <input type="hidden" name="csrf" value={loaderData.csrf} />
          <input type="hidden" name="intent" value="export" />
          <input type="hidden" name="id" value={batch.id} />
          <button type="submit" className="button">
            {t('backoffice.vouchers.export')}
          </button>
        </Form>
      ) : null}
      {loaderData.canDecide ? (
        <>
          <h2>{t('backoffice.money.decide')}</h2>
          <Form method="post" className="form" reloadDocument>
            <input type="hidden" name="csrf" value={loaderData.csrf} />
            <input type="hidden" name="intent" value="approve" />
            <input type="hidden" name="id" value={batch.id} />
            <button type="submit" className="button">
              {t('backoffice.vouchers.approve')}
            </button>
          </Form>
          <Form method="post" className="form" reloadDocument noValidate>
            <input type="hidden" name="csrf" value={loaderData.csrf} />
            <input type="hidden" name="intent" value="reject" />
            <input type="hidden" name="id" value={batch.id} />
            <MoneyField id="batch-rejection" label={t('backoffice.money.rejection')} error={actionData?.errors.reason}>
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
              {t('backoffice.vouchers.reject')}
            </button>
          </Form>
        </>
      ) : null}
      <p>
        <AppLink to={backOfficePath('vouchers')}>{t('backoffice.vouchers.back')}</AppLink>
      </p>
    </>
  );
}
