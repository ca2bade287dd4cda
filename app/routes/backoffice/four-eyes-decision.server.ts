import { data, redirect, type RouterContextProvider } from 'react-router';
import { business } from '~/config/business';
import { servicesContext } from '~/context';
import type { MoneyContext, StaffActor } from '~/features/goodwill/public.server';
import { z } from '~/platform/validation';
import { parseForm } from '~/shared/security/parse-form.server';
import { submittedForm } from '~/shared/security/submitted-form.server';
import { fieldErrors, moneyActor, typedValues } from './money-page.server';

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

/** A money request or voucher batch that is not there, or not for this staff member to see. */
export function moneyItemNotFound(): never {
  throw data({ message: 'backoffice.money.not-found' }, { status: 404 });
}

type Outcome = { ok: true } | { ok: false; error: string };

/**
 * The second staff member's decision on a pending money request or voucher batch (docs/rules/back-office.md): the
 * form approves, or rejects with a reason. A reason the form refuses comes back next to its field with what was
 * typed; any other fault of the form, or a decision the role or the reason does not allow, is refused. Otherwise
 * the page opens again, at `pagePath`, saying what happened (`approved`, `rejected` or the decision's error).
 */
export async function decideFourEyes(
  request: Request,
  context: Readonly<RouterContextProvider>,
  decide: {
    approve: (services: MoneyContext, actor: StaffActor, id: string) => Promise<Outcome>;
    reject: (services: MoneyContext, actor: StaffActor, id: string, input: { reason: string }) => Promise<Outcome>;
    pagePath: string;
  },
) {
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
      ? await decide.approve(services, actor, id)
      : await decide.reject(services, actor, id, { reason: submission.value.reason });
  if (!outcome.ok && outcome.error === 'not-found') moneyItemNotFound();
  if (!outcome.ok && (outcome.error === 'role' || outcome.error === 'reason')) {
    throw data({ message: 'form.refused' }, { status: 400 });
  }
  const done = outcome.ok ? (submission.value.intent === 'approve' ? 'approved' : 'rejected') : outcome.error;
  return redirect(`${decide.pagePath}?${new URLSearchParams({ id, done }).toString()}`);
}
