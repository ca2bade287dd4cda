import type { Route } from './+types/phone-number';
import { requestContext, servicesContext } from '~/context';
import { checkPhoneNumber } from '~/shared/phone/phone-check.server';
import { submittedForm } from '~/shared/security/submitted-form.server';

const noStore = { 'cache-control': 'no-store' };

/** Only a POST asks: a number in a URL would end up in logs and histories. */
export function loader() {
  throw new Response('Method Not Allowed', { status: 405, headers: { Allow: 'POST' } });
}

/**
 * `POST /resources/phone-number` (csrf, regionCode, phonenumber): the phone field's check of what the
 * visitor typed (docs/decisions/0043-phone-numbers-judged-by-the-server.md). Answers the judgement as
 * JSON (`{ e164 }` or `{ message }`), 400 without a number, 429 when the address asked too often.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { rateLimits } = context.get(servicesContext);
  const { clientIp } = context.get(requestContext);
  const form = await submittedForm(request, context);
  const outcome = await checkPhoneNumber(form, { rateLimits, clientIp });
  switch (outcome.status) {
    case 'judged':
      return Response.json(outcome.judgement, { headers: noStore });
    case 'no-number':
      return Response.json({ error: 'no-number' }, { status: 400, headers: noStore });
    case 'rate-limited':
      return Response.json(
        { error: 'rate-limited' },
        { status: 429, headers: { ...noStore, 'retry-after': String(outcome.retryAfterSeconds) } },
      );
  }
}
