import type { SubmissionResult } from '@conform-to/react';
import { useLocation } from 'react-router';
import { usePage, useT } from '~/i18n/hooks';
import { AppLink } from '~/ui/components/app-link';
import { PageTitle } from '~/ui/components/page-header';
import { AppForm } from '~/ui/form/app-form';
import { ButtonForm } from '~/ui/form/button-form';
import { useFormWithValidationOnDemand } from '~/ui/form/client-validation';
import { translateMessage } from '~/ui/form/field-shell';
import { TextField } from '~/ui/form/inputs';
import { PhoneField } from '~/ui/form/phone-field';
import { BackToData } from '../components';

/** The action's answer to one of the page's forms, named by its intent; its successes redirect. */
export type UpdatePhoneAnswer =
  | { intent: 'send-code' | 'confirm-code'; result: SubmissionResult<string[]> }
  | { intent: 'resend-code'; error: string };

interface PendingView {
  phone: string;
  until: string;
  state: 'open' | 'expired' | 'exhausted';
  attemptsLeft: number;
}

/**
 * The phone number change page's content (routes/self-service/update-phone.tsx loads it with
 * `deferredForm`): the number step, or while a code is pending the code step.
 */
export function UpdatePhonePage({
  csrf,
  currentPhone,
  pending,
  actionData,
}: {
  csrf: string;
  currentPhone: string;
  pending: PendingView | null;
  actionData: UpdatePhoneAnswer | undefined;
}) {
  const t = useT();
  const page = usePage();
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
      {pending ? (
        <CodeStep csrf={csrf} pending={pending} actionData={actionData} />
      ) : (
        <NumberStep csrf={csrf} actionData={actionData} />
      )}
      <BackToData />
    </div>
  );
}

function NumberStep({ csrf, actionData }: { csrf: string; actionData: UpdatePhoneAnswer | undefined }) {
  const t = useT();
  const { form, fields, validation } = useFormWithValidationOnDemand(
    () => import('../phone-number-schema').then((module) => module.phoneNumberSchema),
    {
      id: 'phone-number',
      lastResult: actionData?.intent === 'send-code' ? actionData.result : undefined,
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

function CodeStep({
  csrf,
  pending,
  actionData,
}: {
  csrf: string;
  pending: PendingView;
  actionData: UpdatePhoneAnswer | undefined;
}) {
  const t = useT();
  const { pathname } = useLocation();
  const { form, fields, validation } = useFormWithValidationOnDemand(
    () => import('../schemas').then((module) => module.phoneCodeSchema),
    {
      id: 'phone-code',
      lastResult: actionData?.intent === 'confirm-code' ? actionData.result : undefined,
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
