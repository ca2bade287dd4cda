import {
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useFormMetadata,
  type FieldMetadata,
} from '@conform-to/react';
import { useEffect, useRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useActionData } from 'react-router';
import { useT } from '~/i18n/hooks';
import { FieldShell, translateMessage } from './field-shell';
import { useFieldState } from './field-state';
import { applyMask } from './mask';

interface BaseProps {
  field: FieldMetadata<string>;
  label: ReactNode;
  hint?: ReactNode;
  required?: boolean;
}

type NativeInputProps = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'autoComplete' | 'inputMode' | 'placeholder' | 'maxLength' | 'spellCheck' | 'autoCapitalize'
>;

function describedBy(field: FieldMetadata<unknown>, hint: ReactNode): string {
  return [field.errorId, hint ? field.descriptionId : undefined].filter(Boolean).join(' ');
}

export function TextField({
  field,
  label,
  hint,
  required,
  type = 'text',
  ...native
}: BaseProps & NativeInputProps & { type?: 'text' | 'email' | 'tel' | 'search' }) {
  const state = useFieldState({ errors: field.errors, dirty: field.dirty, value: field.value ?? '' });
  return (
    <FieldShell
      id={field.id}
      label={label}
      required={required}
      hint={hint}
      hintId={field.descriptionId}
      errors={field.errors}
      errorId={field.errorId}
      showError={state.showError}
      attributes={state.attributes}
    >
      <input
        {...getInputProps(field, { type, ariaAttributes: false })}
        {...native}
        className="field__input"
        required={required}
        aria-invalid={state.showError || undefined}
        aria-describedby={describedBy(field, hint)}
        onBlur={state.onBlur}
        onInput={state.onInput}
      />
    </FieldShell>
  );
}

/** A password with a show/hide button. Its value is never sent back by the server. */
export function PasswordField({
  field,
  label,
  hint,
  required,
  autoComplete,
}: BaseProps & { autoComplete: 'current-password' | 'new-password' }) {
  const t = useT();
  const [visible, setVisible] = useState(false);
  const state = useFieldState({ errors: field.errors, dirty: field.dirty, value: field.value ?? '' });
  const input = useRef<HTMLInputElement>(null);
  const answer = useActionData();
  // Each answer of the server empties the field, as a page rendered without JavaScript does: the
  // server never sends a password back, and Conform leaves what was typed in the input.
  useEffect(() => {
    if (answer !== undefined && input.current) input.current.value = '';
  }, [answer]);
  return (
    <FieldShell
      id={field.id}
      label={label}
      required={required}
      hint={hint}
      hintId={field.descriptionId}
      errors={field.errors}
      errorId={field.errorId}
      showError={state.showError}
      attributes={state.attributes}
      className="field--password"
    >
      <div className="field__with-button">
        <input
          ref={input}
          {...getInputProps(field, { type: visible ? 'text' : 'password', ariaAttributes: false, value: false })}
          className="field__input"
          autoComplete={autoComplete}
          spellCheck={false}
          autoCapitalize="off"
          required={required}
          aria-invalid={state.showError || undefined}
          aria-describedby={describedBy(field, hint)}
          onBlur={state.onBlur}
          onInput={state.onInput}
        />
        <button
          type="button"
          className="field__toggle"
          aria-controls={field.id}
          aria-pressed={visible}
          onClick={() => setVisible((value) => !value)}
        >
          {t(visible ? 'form.password.hide' : 'form.password.show')}
        </button>
      </div>
    </FieldShell>
  );
}

/** A text input that formats as the user types: `9` digit, `a` letter, `*` either. */
export function MaskedField({
  field,
  label,
  hint,
  required,
  mask,
  ...native
}: BaseProps & NativeInputProps & { mask: string }) {
  const state = useFieldState({ errors: field.errors, dirty: field.dirty, value: field.value ?? '' });
  return (
    <FieldShell
      id={field.id}
      label={label}
      required={required}
      hint={hint}
      hintId={field.descriptionId}
      errors={field.errors}
      errorId={field.errorId}
      showError={state.showError}
      attributes={state.attributes}
    >
      <input
        {...getInputProps(field, { type: 'text', ariaAttributes: false })}
        {...native}
        className="field__input"
        maxLength={mask.length}
        required={required}
        aria-invalid={state.showError || undefined}
        aria-describedby={describedBy(field, hint)}
        onBlur={state.onBlur}
        onInput={(event) => {
          const input = event.currentTarget;
          const masked = applyMask(mask, input.value);
          if (masked !== input.value) input.value = masked;
          state.onInput();
        }}
      />
    </FieldShell>
  );
}

/** A date as `dd.mm.yyyy` with the input mask `99.99.9999` (docs/rules/forms-and-fields.md#dates). */
export function DateField(props: BaseProps & { autoComplete?: string }) {
  const t = useT();
  return (
    <MaskedField
      {...props}
      mask="99.99.9999"
      inputMode="numeric"
      placeholder={t('form.date.placeholder')}
      hint={props.hint ?? t('form.date.hint')}
    />
  );
}

export function CheckboxField({
  field,
  label,
  required,
}: Omit<BaseProps, 'field'> & { field: FieldMetadata<boolean> | FieldMetadata<boolean | undefined> }) {
  const state = useFieldState({
    errors: field.errors,
    dirty: field.dirty,
    value: field.value === 'on' ? 'on' : '',
    kind: 'checkbox',
  });
  return (
    <div className="field field--checkbox" {...state.attributes}>
      <input
        {...getInputProps(field, { type: 'checkbox', ariaAttributes: false })}
        className="field__checkbox"
        required={required}
        aria-invalid={state.showError || undefined}
        aria-describedby={field.errorId}
        onBlur={state.onBlur}
      />
      <label htmlFor={field.id} className="field__checkbox-label">
        {label}
        {required ? (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      <CheckboxMessage field={field} show={state.showError} />
    </div>
  );
}

function CheckboxMessage({ field, show }: { field: { errorId: string; errors?: string[] }; show: boolean }) {
  const t = useT();
  const message = show ? field.errors?.[0] : undefined;
  return (
    <p className="field__error" id={field.errorId} aria-live="polite">
      {message ? translateMessage(t, message) : null}
    </p>
  );
}

export function SelectField({
  field,
  label,
  hint,
  required,
  options,
  autoComplete,
}: BaseProps & { options: { value: string; label: string }[]; autoComplete?: string }) {
  const state = useFieldState({ errors: field.errors, dirty: field.dirty, value: field.value ?? '' });
  return (
    <FieldShell
      id={field.id}
      label={label}
      required={required}
      hint={hint}
      hintId={field.descriptionId}
      errors={field.errors}
      errorId={field.errorId}
      showError={state.showError}
      attributes={state.attributes}
    >
      <select
        {...getSelectProps(field, { ariaAttributes: false })}
        className="field__input"
        autoComplete={autoComplete}
        required={required}
        aria-invalid={state.showError || undefined}
        aria-describedby={describedBy(field, hint)}
        onBlur={state.onBlur}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/** A textarea that is cleared on blur when only line breaks remain (docs/rules/forms-and-fields.md#textarea). */
export function TextareaField({ field, label, hint, required, maxLength }: BaseProps & { maxLength?: number }) {
  const form = useFormMetadata();
  const state = useFieldState({ errors: field.errors, dirty: field.dirty, value: field.value ?? '' });
  return (
    <FieldShell
      id={field.id}
      label={label}
      required={required}
      hint={hint}
      hintId={field.descriptionId}
      errors={field.errors}
      errorId={field.errorId}
      showError={state.showError}
      attributes={state.attributes}
    >
      <textarea
        {...getTextareaProps(field, { ariaAttributes: false })}
        className="field__input field__textarea"
        rows={4}
        maxLength={maxLength}
        required={required}
        aria-invalid={state.showError || undefined}
        aria-describedby={describedBy(field, hint)}
        onInput={state.onInput}
        onBlur={(event) => {
          if (event.currentTarget.value !== '' && /^[\r\n]+$/.test(event.currentTarget.value)) {
            event.currentTarget.value = '';
            form.update({ name: field.name, value: '' });
          }
          state.onBlur();
        }}
      />
    </FieldShell>
  );
}
