import { getInputProps, getSelectProps, type FieldMetadata } from '@conform-to/react';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import type { PhoneFieldInput } from '~/shared/phone/phone';
import { defaultPhoneRegions, phoneRegion, phoneRegionOptions } from '~/shared/phone/phone-regions';
import { useLocale, useT } from '~/i18n/hooks';
import { translateMessage } from './field-shell';
import { useFieldState } from './field-state';
import { onDemand, useOnDemand } from './on-demand';
import { useTypedBeforeHydration } from './typed-before-hydration';

/** The parser with its metadata (75 KB gzip), loaded when the visitor first focuses a phone field. */
const phoneParser = onDemand(() => import('~/shared/phone/phone'));

interface PhoneFieldProps {
  /** The object field of `mobilePhoneSchema`: regionCode, phonenumber, parsedPhoneNumber. */
  field: FieldMetadata<PhoneFieldInput | undefined>;
  /** "Mobile number" when not given. */
  label?: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  /** The regions offered (the form's options); a short European list by default. */
  regions?: readonly string[];
}

/**
 * A phone number (docs/rules/forms-and-fields.md#phone-field): a region select (default DE) and the number,
 * one labelled group. While the user types the message is hidden; on blur it shows; a valid mobile number
 * clears it and its E.164 form goes into the hidden `parsedPhoneNumber` input.
 *
 * The browser judges the number with the same parser and messages as `mobilePhoneSchema` on the
 * server; without JavaScript the server's answer shows the same message. The parser comes when the
 * field is first focused; until it is there, the field shows the form's messages (the server's, or
 * those of the form's validator).
 */
export function PhoneField({ field, label, hint, required, regions = defaultPhoneRegions }: PhoneFieldProps) {
  const t = useT();
  const locale = useLocale();
  const fieldset = field.getFieldset();
  const options = useMemo(() => phoneRegionOptions(locale, regions), [locale, regions]);
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

  const parser = useOnDemand(phoneParser);
  const typed = number.trim();
  const parsed = useMemo(
    () => (parser && typed !== '' ? parser.parsePhone(typed, regionCode) : undefined),
    [parser, typed, regionCode],
  );
  const parsedMessage = parser && parsed ? parser.phoneMessageKey(parsed) : undefined;
  // An empty field needs no parser; a typed number does.
  const judged = typed === '' || parsed !== undefined;
  const ownMessage = typed === '' ? (required ? 'required' : undefined) : parsedMessage;
  const e164 = parsed && !parsedMessage ? parsed.e164 : '';
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
      onFocus={() => void phoneParser.load()}
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
