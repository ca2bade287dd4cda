import type { Route } from './+types/bank-verification';
import { startBankVerification } from '~/features/payment/payment-methods.server';
import { ibanProblem, normalizeIban } from '~/features/payment/iban';
import { customerScope } from '~/features/self-service/customer-scope.server';
import { BankVerificationUnavailableError, type WidgetResult } from '~/features/payment/outside-systems';
import { submittedForm } from '~/shared/security/submitted-form.server';

const json = (body: WidgetResult, status = 200) =>
  Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } });

/**
 * `POST /resources/bank-verification` (CSRF-checked like every POST): the verification widget asks
 * here; this asks the configured verifier for the logged-in customer and answers the widget's result
 * `{status, token?, reason?}`. The token only lets the form's submit be confirmed by the server again.
 */
export async function action({ request, url, context }: Route.ActionArgs) {
  const scope = customerScope(url, context);
  const form = await submittedForm(request, context);
  const iban = normalizeIban(String(form.get('iban') ?? ''));
  const accountHolder = String(form.get('accountHolder') ?? '')
    .trim()
    .slice(0, 70);
  if (!iban || ibanProblem(iban) || !accountHolder) return json({ status: 'error', reason: 'invalid' }, 400);
  try {
    const started = await startBankVerification(scope.ctx, scope.customerId, {
      iban,
      accountHolder,
    });
    if (!started.ok) return json({ status: 'error', reason: 'rate-limited' }, 429);
    return json({ status: started.status, token: started.token });
  } catch (error) {
    if (!(error instanceof BankVerificationUnavailableError)) throw error;
    scope.ctx.logger.warn({ err: error }, 'bank verification unavailable');
    return json({ status: 'error', reason: 'unavailable' }, 503);
  }
}

export function loader() {
  throw new Response('Method Not Allowed', { status: 405, headers: { Allow: 'POST' } });
}
