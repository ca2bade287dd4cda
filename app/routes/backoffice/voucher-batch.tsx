import { data, Form } from 'react-router';
import type { Route } from './+types/voucher-batch';
import { servicesContext } from '~/context';
import { approveVoucherBatch, rejectVoucherBatch, viewVoucherBatch } from '~/features/goodwill/public.server';
import { staffNames } from '~/features/staff/public.server';
import { backOfficePath } from '~/i18n/back-office-routes';
import { useT } from '~/i18n/hooks';
import { formatDate, formatEuro, formatInstant } from '~/i18n/intl-formats';
import { z } from '~/platform/validation';
import { csrfFor } from '~/shared/security/form-page.server';
import { AppLink } from '~/ui/components/app-link';
import { backOfficeMeta, backOfficeTitle } from './back-office-page';
import { decideFourEyes, moneyItemNotFound } from './four-eyes-decision.server';
import { DecisionForms } from './money-fields';
import { moneyActor, pageLocale } from './money-page.server';

export const meta = backOfficeMeta;

const outcomes = ['created', 'pending', 'approved', 'rejected', 'own-batch', 'decided'] as const;
const idSchema = z.uuid();

/**
 * One batch: its state and redeemed count; approval while pending; the CSV export once approved
 * (finance). The view is recorded in the audit log.
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const id = idSchema.safeParse(url.searchParams.get('id'));
  if (!id.success) moneyItemNotFound();
  const services = context.get(servicesContext);
  const actor = moneyActor(context);
  const batch = await viewVoucherBatch(services, actor, id.data);
  if (!batch) moneyItemNotFound();
  const names = await staffNames(services);
  const locale = pageLocale(context);
  const csrf = csrfFor(request, context);
  return data(
    {
      title: backOfficeTitle(context, 'backoffice.page.voucherBatch'),
      csrf: csrf.token,
      done: outcomes.find((outcome) => outcome === url.searchParams.get('done')) ?? null,
      canDecide: batch.decidable,
      ownPending: batch.state === 'pending' && !batch.decidable,
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
  return decideFourEyes(request, context, {
    approve: approveVoucherBatch,
    reject: rejectVoucherBatch,
    pagePath: backOfficePath('voucherBatch'),
  });
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
        <DecisionForms
          csrf={loaderData.csrf}
          id={batch.id}
          fieldId="batch-rejection"
          approveLabel={t('backoffice.vouchers.approve')}
          rejectLabel={t('backoffice.vouchers.reject')}
          refused={actionData}
        />
      ) : null}
      <p>
        <AppLink to={backOfficePath('vouchers')}>{t('backoffice.vouchers.back')}</AppLink>
      </p>
    </>
  );
}
