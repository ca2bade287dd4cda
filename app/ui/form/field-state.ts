import { createContext, useContext, useState } from 'react';

/**
 * When a field's message shows (docs/rules/forms-and-fields.md#message-timing): on blur by default (on
 * dirty for a checkbox), live while typing, or only after submit. Typing hides a blur-timed message again,
 * blurring shows it: the user is never interrupted mid-word.
 */
export type MessageTiming = 'blur' | 'live' | 'submit';

export interface FormBehaviour {
  timing: MessageTiming;
  /** The form was submitted (in the browser, or answered by the server without JavaScript). */
  submitted: boolean;
}

export const FormBehaviourContext = createContext<FormBehaviour>({ timing: 'blur', submitted: false });

export interface FieldStateInput {
  errors: string[] | undefined;
  dirty: boolean;
  value: string;
  kind?: 'input' | 'checkbox';
}

export interface FieldState {
  showError: boolean;
  /**
   * The field states of docs/rules/forms-and-fields.md#field-states, exposed as data attributes for styling
   * and tests.
   */
  attributes: Record<`data-${string}`, 'true' | 'false'>;
  onBlur(): void;
  onInput(): void;
}

export function useFieldState({ errors, dirty, value, kind = 'input' }: FieldStateInput): FieldState {
  const { timing, submitted } = useContext(FormBehaviourContext);
  const [blurred, setBlurred] = useState(false);
  const [typing, setTyping] = useState(false);
  const invalid = Boolean(errors?.length);
  const empty = value === '';
  const showError =
    invalid &&
    (timing === 'live' ||
      (timing === 'blur' && (kind === 'checkbox' ? dirty : blurred && !typing)) ||
      (submitted && !typing));
  return {
    showError,
    attributes: {
      'data-blurred': String(blurred) as 'true' | 'false',
      'data-dirty': String(dirty) as 'true' | 'false',
      'data-submitted': String(submitted) as 'true' | 'false',
      'data-settled': String(!typing) as 'true' | 'false',
      'data-valid': String(!invalid) as 'true' | 'false',
      'data-invalid': String(invalid) as 'true' | 'false',
      'data-complete': String(!invalid && !empty) as 'true' | 'false',
      'data-empty': String(empty) as 'true' | 'false',
    },
    onBlur() {
      setBlurred(true);
      setTyping(false);
    },
    onInput() {
      setTyping(true);
    },
  };
}
