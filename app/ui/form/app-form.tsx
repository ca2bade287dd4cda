import { FormProvider, getFormProps, type FormMetadata } from '@conform-to/react';
import { useState, type ReactNode } from 'react';
import { Form } from 'react-router';
import { useT } from '~/i18n/hooks';
import { csrfFieldName, formIdFieldName, honeypotFieldName } from '~/shared/security/form-fields';
import { holdUntilSettled, useLoadWhenIdle, type ValidatorLoading } from './client-validation';
import { FormBehaviourContext, type MessageTiming } from './field-state';
import { translateMessage } from './field-shell';

interface AppFormProps<Schema extends Record<string, unknown>> {
  form: FormMetadata<Schema, string[]>;
  csrfToken: string;
  /**
   * The validation loaded on demand (`useFormWithValidationOnDemand`) that the form's `onValidate` uses:
   * loaded on the first focus or pointer press in the form or when the browser is idle, submit
   * events held until it is there. Without it, `onValidate` is expected to work from the start.
   */
  validation?: ValidatorLoading;
  /** When field messages show; blur by default. */
  timing?: MessageTiming;
  /** Public forms get a honeypot field that people never see and bots fill in. */
  honeypot?: boolean;
  action?: string;
  /** `multipart/form-data` for a form with a file input (only pages that accept files read one). */
  encType?: 'multipart/form-data';
  className?: string;
  children: ReactNode;
}

/**
 * A POST form that works without JavaScript: CSRF token, optional honeypot, Conform's validation
 * once JavaScript runs (and its validator is loaded), and the message timing for every field inside.
 */
export function AppForm<Schema extends Record<string, unknown>>({
  form,
  csrfToken,
  validation,
  timing = 'blur',
  honeypot,
  action,
  encType,
  className,
  children,
}: AppFormProps<Schema>) {
  const t = useT();
  const [submittedInBrowser, setSubmittedInBrowser] = useState(false);
  const answeredByServer = form.status !== undefined;
  const formProps = getFormProps(form);
  const loadValidation = validation ? () => void validation.load() : undefined;
  useLoadWhenIdle(validation);
  return (
    <FormProvider context={form.context}>
      <FormBehaviourContext.Provider value={{ timing, submitted: submittedInBrowser || answeredByServer }}>
        <Form
          method="post"
          action={action}
          encType={encType}
          className={`form ${className ?? ''}`}
          {...formProps}
          onFocus={loadValidation}
          onPointerDown={loadValidation}
          onSubmit={(event) => {
            if (validation && !validation.settled()) {
              holdUntilSettled(event, validation);
              return;
            }
            setSubmittedInBrowser(true);
            formProps.onSubmit(event);
          }}
        >
          <input type="hidden" name={csrfFieldName} value={csrfToken} />
          <input type="hidden" name={formIdFieldName} value={form.id} />
          {honeypot ? (
            <div className="visually-hidden" aria-hidden="true">
              <label htmlFor={`${form.id}-${honeypotFieldName}`}>{t('form.honeypot')}</label>
              <input id={`${form.id}-${honeypotFieldName}`} name={honeypotFieldName} tabIndex={-1} autoComplete="off" />
            </div>
          ) : null}
          {form.errors?.length ? (
            <div className="form__error" role="alert" id={form.errorId}>
              {form.errors.map((error) => (
                <p key={error}>{translateMessage(t, error)}</p>
              ))}
            </div>
          ) : null}
          {children}
        </Form>
      </FormBehaviourContext.Provider>
    </FormProvider>
  );
}
