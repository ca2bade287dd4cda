import { getInputProps, type FieldMetadata } from '@conform-to/react';
import type { ReactNode } from 'react';
import { useT } from '~/i18n/hooks';
import { translateMessage } from '~/ui/form/field-shell';
import { useFieldState } from '~/ui/form/field-state';

/**
 * A choice of a few options as radio buttons in a fieldset whose legend is the question. Without
 * JavaScript it is a plain radio group; messages follow the form's timing like every field.
 */
export function RadioGroupField({
  field,
  legend,
  options,
  required,
  hint,
}: {
  field: FieldMetadata<string | undefined>;
  legend: ReactNode;
  options: { value: string; label: ReactNode; description?: ReactNode }[];
  required?: boolean;
  hint?: ReactNode;
}) {
  const t = useT();
  const value = typeof field.value === 'string' ? field.value : '';
  const state = useFieldState({ errors: field.errors, dirty: field.dirty, value, kind: 'checkbox' });
  const message = state.showError ? field.errors?.[0] : undefined;
  const describedBy = [field.errorId, hint ? field.descriptionId : undefined].filter(Boolean).join(' ');
  return (
    <fieldset className="field field--radios" {...state.attributes} aria-describedby={describedBy}>
      <legend className="field__label">
        {legend}
        {required ? (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </legend>
      {hint ? (
        <p className="field__hint" id={field.descriptionId}>
          {hint}
        </p>
      ) : null}
      {options.map((option) => {
        const id = `${field.id}-${option.value}`;
        return (
          <div key={option.value} className="field__radio">
            <input
              {...getInputProps(field, { type: 'radio', value: option.value, ariaAttributes: false })}
              id={id}
              className="field__radio-input"
              required={required}
              aria-invalid={state.showError || undefined}
              aria-describedby={option.description ? `${id}-description` : undefined}
              onBlur={state.onBlur}
            />
            <div>
              <label htmlFor={id} className="field__radio-label">
                {option.label}
              </label>
              {option.description ? (
                <span className="field__radio-description" id={`${id}-description`}>
                  {option.description}
                </span>
              ) : null}
            </div>
          </div>
        );
      })}
      <p className="field__error" id={field.errorId} aria-live="polite">
        {message ? translateMessage(t, message) : null}
      </p>
    </fieldset>
  );
}
