import { data, useActionData, useLoaderData, useLocation } from 'react-router';
import type { Route } from './+types/update-phone';
import { pageContext } from '~/context';
import { BackToData } from '~/features/personal-data/components';
import { ButtonForm } from '~/ui/form/button-form';
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
import { usePage, useT } from '~/i18n/hooks';
import { pageForView, pagePath } from '~/i18n/route-table';
import { AppLink } from '~/ui/components/app-link';
import { PageTitle } from '~/ui/components/page-header';
import { translateMessage } from '~/ui/form/field-shell';
import { AppForm } from '~/ui/form/app-form';
import { useFormWithValidationOnDemand } from '~/ui/form/client-validation';
import { TextField } from '~/ui/form/inputs';
import { PhoneField } from '~/ui/form/phone-field';
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
export async function loader({ request, context }: Route.LoaderArgs) {
  const scope = personalDataScope(request, context);
  const { phoneE164, pending } = await phoneChangeState(scope.ctx.db, scope.customerId);
  const csrf = csrfFor(request, context);
  const wantsNumber = new URL(request.url).searchParams.get('step') === 'number';
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

export async function action({ request, context }: Route.ActionArgs) {
  const scope = personalDataScope(request, context);
  const actor = { session: scope.session, clientIp: scope.clientIp, locale: scope.locale };
  const url = new URL(request.url);
  const formData = await submittedForm(request, context);
  const intent = formData.get('intent');

  if (intent === 'send-code') {
    const submission = parseForm(formData, phoneNumberSchema);
    if (submission.status !== 'success') return { intent, result: submission.reply() } as const;
    const outcome = await requestPhoneCode(scope.pd, actor, submission.value.phone);
    if (outcome.ok) return redirectCarrying(request, url.pathname);
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
      return redirectCarrying(
        request,
        `${pagePath(pageForView('data', embeddedPage), scope.locale)}?done=phone-changed`,
      );
    }
    return { intent, result: submission.reply({ fieldErrors: { code: [outcome.error] } }) } as const;
  }

  if (intent === 'resend-code') {
    const outcome = await resendPhoneCode(scope.pd, actor);
    if (outcome.ok) return redirectCarrying(request, url.pathname);
    return { intent, error: outcome.error } as const;
  }

  throw new Response('Bad Request', { status: 400 });
}

export default function UpdatePhone() {
  const t = useT();
  const page = usePage();
  const { currentPhone, pending } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="narrow">
      <PageTitle page={page?.id ?? 'updatePhone'}>
        <p>{t('phone-change.intro')}</p>
      </PageTitle>
      <p>{t('phone-change.current', { phone: currentPhone })}</p>
      {actionData?.intent === 'resend-code' ? (
        <p className="notice notice--error" role="alert">
          {translateMessage(t, actionData.error)}
        </p>
      ) : null}
      {pending ? <CodeStep pending={pending} /> : <NumberStep />}
      <BackToData />
    </div>
  );
}

function NumberStep() {
  const t = useT();
  const { csrf } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { form, fields, validation } = useFormWithValidationOnDemand(
    () => import('~/features/personal-data/phone-number-schema').then((module) => module.phoneNumberSchema),
    {
      id: 'phone-number',
      lastResult: actionData?.intent === 'send-code' && 'result' in actionData ? actionData.result : undefined,
      defaultValue: { phone: { regionCode: 'DE' } },
    },
  );
  return (
    <AppForm form={form} csrfToken={csrf} validation={validation}>
      <input type="hidden" name="intent" value="send-code" />
      <PhoneField field={fields.phone} label={t('phone-change.new-number')} required />
      <button type="submit" className="button">
        {t('phone-change.send-code')}
      </button>
    </AppForm>
  );
}

interface PendingView {
  phone: string;
  until: string;
  state: 'open' | 'expired' | 'exhausted';
  attemptsLeft: number;
}

function CodeStep({ pending }: { pending: PendingView }) {
  const t = useT();
  const { pathname } = useLocation();
  const { csrf } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { form, fields, validation } = useFormWithValidationOnDemand(
    () => import('~/features/personal-data/schemas').then((module) => module.phoneCodeSchema),
    {
      id: 'phone-code',
      lastResult: actionData?.intent === 'confirm-code' && 'result' in actionData ? actionData.result : undefined,
    },
  );
  return (
    <>
      <p className="notice" role="status">
        {t('phone-change.code-sent', { phone: pending.phone, time: pending.until })}
      </p>
      {pending.state === 'open' ? (
        <AppForm form={form} csrfToken={csrf} validation={validation}>
          <input type="hidden" name="intent" value="confirm-code" />
          <TextField
            field={fields.code}
            label={t('phone-change.code')}
            hint={t('phone-change.code-hint', { left: pending.attemptsLeft })}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={12}
            spellCheck={false}
            required
          />
          <button type="submit" className="button">
            {t('phone-change.confirm')}
          </button>
        </AppForm>
      ) : (
        <p className="notice notice--error" role="alert">
          {t(pending.state === 'expired' ? 'phone-change.code-expired' : 'phone-change.too-many-tries')}
        </p>
      )}
      <div className="personal-data__actions">
        <ButtonForm
          id="resend-code"
          csrf={csrf}
          fields={{ intent: 'resend-code' }}
          label={t('phone-change.resend')}
          secondary
        />
        <AppLink to={`${pathname}?step=number`}>{t('phone-change.other-number')}</AppLink>
      </div>
    </>
  );
}
