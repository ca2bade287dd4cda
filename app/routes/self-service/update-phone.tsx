import { data } from 'react-router';
import type { Route } from './+types/update-phone';
import { pageContext } from '~/context';
import { personalDataScope } from '~/features/personal-data/context.server';
import { formatPhone, formatTime } from '~/features/personal-data/format';
import {
  confirmPhoneCode,
  phoneChangeState,
  requestPhoneCode,
  resendPhoneCode,
} from '~/features/personal-data/phone-change.server';
import { phoneNumberSchema } from '~/features/personal-data/phone-number-schema';
import { phoneCodeSchema } from '~/features/personal-data/schemas';
import { csrfFor } from '~/shared/security/form-page.server';
import { pageForView, pagePath } from '~/i18n/route-table';
import { deferredForm } from '~/ui/form/deferred-form';
import { namedPageMeta, privatePageHeaders } from '~/ui/page-meta';
import { parseForm } from '~/shared/security/parse-form.server';
import { submittedForm } from '~/shared/security/submitted-form.server';
import { redirectCarrying } from '~/shared/navigation/redirect-carrying';

export const headers = privatePageHeaders;
export const meta = namedPageMeta;

/**
 * Two steps on one page: the new number (a code goes out by SMS), then the code. While a code is
 * pending the page shows the code step; `?step=number` shows the number form again.
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const scope = personalDataScope(url, context);
  const { phoneE164, pending } = await phoneChangeState(scope.ctx.db, scope.customerId);
  const csrf = csrfFor(request, context);
  const wantsNumber = url.searchParams.get('step') === 'number';
  return data(
    {
      csrf: csrf.token,
      currentPhone: phoneE164 === null ? '' : formatPhone(phoneE164),
      pending:
        pending && !wantsNumber
          ? {
              phone: formatPhone(pending.phoneE164),
              until: formatTime(pending.expiresAt, scope.locale),
              state: pending.state,
              attemptsLeft: pending.attemptsLeft,
            }
          : null,
    },
    { headers: csrf.headers },
  );
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const scope = personalDataScope(url, context);
  const actor = { session: scope.session, clientIp: scope.clientIp, locale: scope.locale };
  const formData = await submittedForm(request, context);
  const intent = formData.get('intent');

  if (intent === 'send-code') {
    const submission = parseForm(formData, phoneNumberSchema);
    if (submission.status !== 'success') return { intent, result: submission.reply() } as const;
    const outcome = await requestPhoneCode(scope.pd, actor, submission.value.phone);
    if (outcome.ok) return redirectCarrying(url, url.pathname);
    return {
      intent,
      result: outcome.field
        ? submission.reply({ fieldErrors: { 'phone.phonenumber': [outcome.error] } })
        : submission.reply({ formErrors: [outcome.error] }),
    } as const;
  }

  if (intent === 'confirm-code') {
    const submission = parseForm(formData, phoneCodeSchema);
    if (submission.status !== 'success') return { intent, result: submission.reply() } as const;
    const outcome = await confirmPhoneCode(scope.pd, actor, submission.value.code);
    if (outcome.ok) {
      const { embeddedPage } = context.get(pageContext);
      return redirectCarrying(url, `${pagePath(pageForView('data', embeddedPage), scope.locale)}?done=phone-changed`);
    }
    return { intent, result: submission.reply({ fieldErrors: { code: [outcome.error] } }) } as const;
  }

  if (intent === 'resend-code') {
    const outcome = await resendPhoneCode(scope.pd, actor);
    if (outcome.ok) return redirectCarrying(url, url.pathname);
    return { intent, error: outcome.error } as const;
  }

  throw new Response('Bad Request', { status: 400 });
}

// The content, with its forms and their messages, comes after the page's first load (docs/decisions/0016).
const UpdatePhonePage = deferredForm(() =>
  import('~/features/personal-data/components/update-phone-page').then((module) => module.UpdatePhonePage),
);

export default function UpdatePhone({ loaderData, actionData }: Route.ComponentProps) {
  return <UpdatePhonePage {...loaderData} actionData={actionData} />;
}
