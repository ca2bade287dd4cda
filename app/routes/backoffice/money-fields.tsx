import type { ReactNode } from 'react';
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
