import { getInputProps, getSelectProps, type FieldMetadata } from '@conform-to/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { PhoneFieldInput } from '~/shared/phone/mobile-phone-schema';
import { phoneCheckDebounceMs, type PhoneJudgement } from '~/shared/phone/phone-judgement';
import { phoneRegion, phoneRegionOptions } from '~/shared/phone/phone-regions';
import { useLocale, useT } from '~/i18n/hooks';
import { translateMessage } from './field-shell';
import { useFieldState } from './field-state';
import { askPhoneCheck } from './phone-check';
import { useTypedBeforeHydration } from './typed-before-hydration';

interface PhoneFieldProps {
  /** The object field of `mobilePhoneSchema`: regionCode, phonenumber, parsedPhoneNumber. */
  field: FieldMetadata<PhoneFieldInput | undefined>;
  /** "Mobile number" when not given. */
  label?: ReactNode;
  hint?: ReactNode;
  required?: boolean;
}

/**
 * A phone number (docs/rules/forms-and-fields.md#phone-field): a region select (default DE) and the number,
 * one labelled group. While the user types the message is hidden; on blur it shows; a valid mobile number
 * clears it and its E.164 form goes into the hidden `parsedPhoneNumber` input.
 *
 * The number is judged by the server (docs/decisions/0043-phone-numbers-judged-by-the-server.md): once
 * the field has been focused, it asks the server's check 200 ms after the last change, which judges as
 * `mobilePhoneSchema` does when the form is sent; without JavaScript the server's answer to the form
 * shows the same message. Until the check has answered for what is typed, the field shows the form's
 * messages (the server's, or those of the form's validator).
 */
export function PhoneField({ field, label, hint, required }: PhoneFieldProps) {
  const t = useT();
  const locale = useLocale();
  const fieldset = field.getFieldset();
  const options = phoneRegionOptions(locale);
  const [regionCode, setRegionCode] = useState(() => phoneRegion(fieldset.regionCode.initialValue));
  const [number, setNumber] = useState(() => fieldset.phonenumber.initialValue ?? '');
  // Until the user changes something, the messages are the server's (or the form's) for what it got.
  const [edited, setEdited] = useState(false);
  const regionSelect = useRef<HTMLSelectElement>(null);
  const numberInput = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(regionSelect, regionCode, (typed) => {
    setRegionCode(phoneRegion(typed));
    setEdited(true);
  });
  useTypedBeforeHydration(numberInput, number, (typed) => {
    setNumber(typed);
    setEdited(true);
  });

  const typed = number.trim();
  // The server's last judgement, and what it judged: the region and the number.
  const [answer, setAnswer] = useState<{ asked: string; judgement: PhoneJudgement }>();
  const asked = `${regionCode} ${typed}`;
  const judgement = answer?.asked === asked ? answer.judgement : undefined;
  // The check is asked only once the visitor works in the field, not for a number a page fills in.
  const [engaged, setEngaged] = useState(false);
  useEffect(() => {
    if (!engaged || typed === '' || answer?.asked === asked) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      void askPhoneCheck(numberInput.current?.form, regionCode, typed, controller.signal).then((judged) => {
        if (judged && !controller.signal.aborted) setAnswer({ asked, judgement: judged });
      });
    }, phoneCheckDebounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [engaged, typed, regionCode, asked, answer]);

  // An empty field needs no judgement; a typed number does.
  const judged = typed === '' || judgement !== undefined;
  const ownMessage = typed === '' ? (required ? 'required' : undefined) : judgement?.message;
  const e164 = judgement && !judgement.message ? judgement.e164 : '';
  const errors =
    edited && judged
      ? ownMessage
        ? [ownMessage]
        : undefined
      : [...(fieldset.phonenumber.errors ?? []), ...(field.errors ?? []), ...(fieldset.regionCode.errors ?? [])];
  const state = useFieldState({ errors, dirty: edited || Boolean(field.dirty), value: typed });
  const message = state.showError ? errors?.[0] : undefined;

  const labelId = `${field.id}-label`;
  const hintId = hint === null ? undefined : `${field.id}-hint`;
  const hintText = hint ?? t('phone.hint');
  const describedBy = [fieldset.phonenumber.errorId, hintId].filter(Boolean).join(' ');
  // The region is part of the number: a message about the number concerns both controls.
  const invalid = state.showError || undefined;

  return (
    <div
      className="field field--phone"
      role="group"
      aria-labelledby={labelId}
      {...state.attributes}
      onFocus={() => setEngaged(true)}
      // The two controls are one field: it is left when focus goes outside both.
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) state.onBlur();
      }}
    >
      <label className="field__label" id={labelId} htmlFor={fieldset.phonenumber.id}>
        {label ?? t('phone.label')}
        {required ? (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      <div className="field__phone">
        <select
          ref={regionSelect}
          {...getSelectProps(fieldset.regionCode, { value: false, ariaAttributes: false })}
          className="field__input field__phone-region"
          aria-label={t('phone.region')}
          autoComplete="tel-country-code"
          value={regionCode}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(event) => {
            setRegionCode(event.currentTarget.value);
            setEdited(true);
          }}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <input
          ref={numberInput}
          {...getInputProps(fieldset.phonenumber, { type: 'tel', value: false, ariaAttributes: false })}
          className="field__input field__phone-number"
          // `tel`, the whole number: HTML allows only it (and `username`) on type=tel, since
          // `tel-national` and the other parts belong to the autofill "Text" group. The parser
          // takes an international number as it comes, whatever region the select shows.
          autoComplete="tel"
          inputMode="tel"
          required={required}
          value={number}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(event) => {
            setNumber(event.currentTarget.value);
            setEdited(true);
          }}
          onInput={state.onInput}
        />
      </div>
      <input type="hidden" name={fieldset.parsedPhoneNumber.name} value={e164} />
      {hintId ? (
        <p className="field__hint" id={hintId}>
          {hintText}
        </p>
      ) : null}
      <p className="field__error" id={fieldset.phonenumber.errorId} aria-live="polite">
        {message ? translateMessage(t, message) : null}
      </p>
    </div>
  );
}
