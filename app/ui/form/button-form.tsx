import { useState } from 'react';
import { Form, useRouteLoaderData } from 'react-router';
import { useT } from '~/i18n/hooks';
import { csrfFieldName, formIdFieldName } from '~/shared/security/form-fields';
import type { Resubmission } from '~/shared/security/resubmission.server';
import { translateMessage } from './field-shell';

const resendMessage = 'form.csrf-resend';

/**
 * A one-button POST form for an action without fields to fill in (end a session, withdraw a change,
 * confirm a link): its values are hidden fields, and it works the same without JavaScript. It names
 * itself like AppForm does, so that a press after the form's token expired comes back to this button
 * with the request to press it once more, instead of ending at the error screen
 * (app/shared/security/resubmission.server.ts).
 */
export function ButtonForm({
  id,
  csrf,
  fields = {},
  label,
  ariaLabel,
  describedBy,
  secondary = false,
  className,
}: {
  /** Unique on the page, e.g. the action and the item it acts on. */
  id: string;
  csrf: string;
  fields?: Record<string, string>;
  label: string;
  ariaLabel?: string;
  /** The id of what the button acts on, e.g. the summary of an order right before it. */
  describedBy?: string;
  secondary?: boolean;
  className?: string;
}) {
  const t = useT();
  const resubmission = useRouteLoaderData<{ resubmission: Resubmission | null }>('root')?.resubmission;
  // The root's data may keep the request after the button was pressed again; that press answered it.
  const [answered, setAnswered] = useState<Resubmission | null>(null);
  return (
    <Form method="post" className={className ?? 'action-button'} onSubmit={() => setAnswered(resubmission ?? null)}>
      <input type="hidden" name={csrfFieldName} value={csrf} />
      <input type="hidden" name={formIdFieldName} value={id} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {resubmission?.formId === id && resubmission !== answered ? (
        <p className="form__error" role="alert">
          {translateMessage(t, resendMessage)}
        </p>
      ) : null}
      <button
        type="submit"
        className={secondary ? 'button button--secondary' : 'button'}
        aria-label={ariaLabel}
        aria-describedby={describedBy}
      >
        {label}
      </button>
    </Form>
  );
}
