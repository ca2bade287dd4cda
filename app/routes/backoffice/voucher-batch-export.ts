import { data } from 'react-router';
import type { Route } from './+types/voucher-batch-export';
import { servicesContext } from '~/context';
import { exportVoucherBatchCsv } from '~/features/goodwill/public.server';
import { z } from '~/platform/validation';
import { parseForm } from '~/shared/security/parse-form.server';
import { submittedForm } from '~/shared/security/submitted-form.server';
import { moneyActor, pageLocale } from './money-page.server';

const exportSchema = z.object({ intent: z.literal('export'), id: z.uuid() });

/**
 * A batch's codes as a CSV download (docs/rules/back-office.md#money). Only by POST with the form's
 * CSRF token, never by a link: the file hands out redeemable codes, each export is audited, and only
 * an approved batch is exported. There is no loader, so a GET is refused by the guard.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseForm(await submittedForm(request, context), exportSchema);
  if (submission.status !== 'success') throw data({ message: 'form.refused' }, { status: 400 });
  const { id } = submission.value;
  const outcome = await exportVoucherBatchCsv(
    context.get(servicesContext),
    moneyActor(context),
    id,
    pageLocale(context),
  );
  if (!outcome.ok) {
    throw data(
      { message: outcome.error === 'not-found' ? 'backoffice.money.not-found' : 'backoffice.vouchers.not-approved' },
      { status: outcome.error === 'not-found' ? 404 : 409 },
    );
  }
  return new Response(outcome.csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="vouchers-${id.slice(0, 8)}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
