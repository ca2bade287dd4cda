import type { ReactNode } from 'react';
import { useT } from '~/i18n/hooks';
import { hasMessage, type Translate } from '~/i18n/translate';

export interface FieldShellProps {
  id: string;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  hintId?: string;
  /** Message keys from the schema; translated here. */
  errors?: string[];
  errorId: string;
  showError: boolean;
  attributes: Record<string, string>;
  className?: string;
  children: ReactNode;
}

/**
 * Label (with an asterisk when required), control, hint and message. The message element is
 * always present and polite-live, so screen readers announce a message when it appears.
 */
export function FieldShell(props: FieldShellProps) {
  const t = useT();
  const message = props.showError ? props.errors?.[0] : undefined;
  return (
    <div className={`field ${props.className ?? ''}`} {...props.attributes}>
      <label className="field__label" htmlFor={props.id}>
        {props.label}
        {props.required ? (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {props.children}
      {props.hint ? (
        <p className="field__hint" id={props.hintId}>
          {props.hint}
        </p>
      ) : null}
      <p className="field__error" id={props.errorId} aria-live="polite">
        {message ? translateMessage(t, message) : null}
      </p>
    </div>
  );
}

/**
 * Schema and server messages are catalogue keys, optionally with values: `login.wait?minutes=3`.
 * A message that is no key is shown as it is.
 */
export function translateMessage(t: Translate, message: string): string {
  const [key = '', query] = message.split('?', 2);
  if (!hasMessage(key)) return message;
  return t(key, query ? Object.fromEntries(new URLSearchParams(query)) : undefined);
}
