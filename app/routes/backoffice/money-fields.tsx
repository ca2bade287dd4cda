import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { business } from '~/config/business';
import { useT } from '~/i18n/hooks';
import { translateMessage } from '~/ui/form/field-shell';

/**
 * A labelled control of a back-office money form with its message next to it: the message element
 * is always there and polite-live (announced when it appears), and the control names it with
 * `aria-describedby` and `aria-invalid` while there is one.
 */
export function MoneyField({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string | undefined;
  children: (attributes: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const t = useT();
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children({
        id,
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(described ? { 'aria-describedby': described } : {}),
      })}
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <p className="field__error" id={`${id}-error`} aria-live="polite">
        {error ? translateMessage(t, error) : null}
      </p>
    </div>
  );
}

/**
 * The second staff member's two forms on a pending item (four-eyes-decision.server.ts): approve, or reject with a
 * reason, which the server may send back with its message and what was typed.
 */
export function DecisionForms({
  csrf,
  id,
  fieldId,
  approveLabel,
  rejectLabel,
  refused,
}: {
  csrf: string;
  id: string;
  fieldId: string;
  approveLabel: string;
  rejectLabel: string;
  refused: { values: Record<string, string>; errors: Record<string, string> } | undefined;
}) {
  const t = useT();
  return (
    <>
      <h2>{t('backoffice.money.decide')}</h2>
      <Form method="post" className="form" reloadDocument>
        <input type="hidden" name="csrf" value={csrf} />
        <input type="hidden" name="intent" value="approve" />
        <input type="hidden" name="id" value={id} />
        <button type="submit" className="button">
          {approveLabel}
        </button>
      </Form>
      <Form method="post" className="form" reloadDocument noValidate>
        <input type="hidden" name="csrf" value={csrf} />
        <input type="hidden" name="intent" value="reject" />
        <input type="hidden" name="id" value={id} />
        <MoneyField id={fieldId} label={t('backoffice.money.rejection')} error={refused?.errors.reason}>
          {(attributes) => (
            <textarea
              {...attributes}
              className="field__input"
              name="reason"
              rows={2}
              required
              maxLength={business.backOffice.reasonMaxLength}
              defaultValue={refused?.values.reason}
            />
          )}
        </MoneyField>
        <button type="submit" className="button button--secondary">
          {rejectLabel}
        </button>
      </Form>
    </>
  );
}
