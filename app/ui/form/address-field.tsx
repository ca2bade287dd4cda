import type { FieldMetadata } from '@conform-to/react';
import { useEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent, type ReactNode } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { AddressFieldInput } from '~/shared/geocoding/address-schema';
import {
  addressDebounceMs,
  addressSuggestionsPath,
  minAddressQueryLength,
  type AddressSuggestion,
  type AddressSuggestionsResponse,
} from '~/shared/geocoding/suggestions';
import { useT } from '~/i18n/hooks';
import { httpRequest } from '~/platform/http-client';
import { translateMessage } from './field-shell';
import { useFieldState } from './field-state';
import { useTypedBeforeHydration } from './typed-before-hydration';

interface AddressFieldProps {
  /** The object field of `addressSchema`: text, lat, lon, id. */
  field: FieldMetadata<AddressFieldInput | undefined>;
  /** "Address" when not given. */
  label?: ReactNode;
  /** A short instruction by default; `null` for none. */
  hint?: ReactNode;
  required?: boolean;
  /** Where suggestions come from; our own resource route. */
  endpoint?: string;
}

type SearchStatus = 'idle' | 'loading' | 'done' | 'unavailable' | 'rate-limited';

const noSubscription = () => () => {};
/** False on the server and while hydrating, true once the browser runs this component. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

function coordinate(value: unknown): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
}

/**
 * An address picked from suggestions (docs/rules/forms-and-fields.md#address-field), as a WAI-ARIA 1.2
 * combobox with a listbox popup: typing asks our resource route 200 ms after the last keystroke;
 * ArrowDown/ArrowUp move through the suggestions (opening the list), Enter picks, Escape closes the list
 * (or, when closed, clears the text), Home/End jump to the first/last suggestion while one is active. A
 * polite live region announces how many suggestions there are.
 *
 * Picking stores the text plus location in the hidden inputs (lat, lon, id) and clears the message;
 * leaving the field (clicking outside closes the list) without a pick shows the blocking message
 * (`required` when empty, `address.pick-suggestion` otherwise); clearing the text empties the value
 * and the list.
 *
 * Without JavaScript this is a plain text input and the hidden inputs stay empty, so `addressSchema`
 * answers `address.pick-suggestion`. The server then geocodes the typed text itself
 * (`verifyAddressField` in shared/geocoding/address-verification.server) and either accepts it
 * when it names exactly one suggestion (`suggestionMatchingText`), or renders the suggestions for the
 * user to pick one (e.g. radio buttons whose choice the action turns into text, lat, lon and id).
 * The server never trusts lat/lon sent with a text it did not suggest: it may check the pair with
 * `suggestionsFor` as well.
 */
export function AddressField({ field, label, hint, required, endpoint = addressSuggestionsPath }: AddressFieldProps) {
  const t = useT();
  const enhanced = useHydrated();
  const fieldset = field.getFieldset();

  const [text, setText] = useState(() => fieldset.text.initialValue ?? '');
  const [chosen, setChosen] = useState<AddressSuggestion | null>(() => {
    const lat = coordinate(fieldset.lat.initialValue);
    const lon = coordinate(fieldset.lon.initialValue);
    const address = fieldset.text.initialValue ?? '';
    return lat !== undefined && lon !== undefined && address
      ? { address, lat, lon, id: fieldset.id.initialValue ?? '' }
      : null;
  });
  const [suggestions, setSuggestions] = useState<AddressSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState<SearchStatus>('idle');
  const [announcement, setAnnouncement] = useState('');
  // Until the user changes something, the messages are the server's (or the form's).
  const [edited, setEdited] = useState(false);

  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const request = useRef<AbortController | null>(null);
  // What the user sees and has highlighted, for a search answer that comes later (see search()).
  const shownSuggestions = useRef(suggestions);
  const activeRef = useRef(active);

  const ownMessage = chosen
    ? undefined
    : text.trim() === ''
      ? required
        ? 'required'
        : undefined
      : 'address.pick-suggestion';
  const errors = edited
    ? ownMessage
      ? [ownMessage]
      : undefined
    : [
        ...(fieldset.text.errors ?? []),
        ...(field.errors ?? []),
        ...(fieldset.lat.errors ?? []),
        ...(fieldset.lon.errors ?? []),
      ];
  const state = useFieldState({ errors, dirty: edited || Boolean(field.dirty), value: text.trim() });
  const message = state.showError ? errors?.[0] : undefined;

  // A search that found nothing says so where everyone sees it, with what to do next; the live region
  // has announced it already, so the notice itself is not live, but it describes the field.
  const unknown = enhanced && status === 'done' && suggestions.length === 0 && !chosen && text.trim().length >= 3;
  // The root loader's data by its shape only: ui/ does not import the document shell (app/root.tsx).
  const servicePhone = useRouteLoaderData<{ site: { configuration: { customerServicePhone: string } } }>('root')?.site
    .configuration.customerServicePhone;
  const unknownId = `${field.id}-unknown`;

  const listboxId = `${field.id}-listbox`;
  const optionId = (index: number) => `${field.id}-option-${index}`;
  const hintId = hint === null ? undefined : `${field.id}-hint`;
  const describedBy = [fieldset.text.errorId, unknown ? unknownId : undefined, hintId].filter(Boolean).join(' ');
  const expanded = open && suggestions.length > 0;

  // Pending work ends with the component.
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      request.current?.abort();
    },
    [],
  );

  useEffect(() => {
    shownSuggestions.current = expanded ? suggestions : [];
    activeRef.current = active;
  });

  // Keep the active suggestion visible in a scrolling list.
  useEffect(() => {
    if (expanded && active >= 0) document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
  });

  function stopSearching() {
    clearTimeout(timer.current);
    request.current?.abort();
    request.current = null;
  }

  function closeList() {
    setOpen(false);
    setActive(-1);
  }

  function clear() {
    stopSearching();
    setText('');
    setChosen(null);
    setSuggestions([]);
    closeList();
    setStatus('idle');
    setAnnouncement('');
  }

  async function search(query: string) {
    const controller = new AbortController();
    request.current = controller;
    setStatus('loading');
    try {
      const response = await httpRequest(`${endpoint}?${new URLSearchParams({ q: query })}`, {
        headers: { accept: 'application/json' },
        signal: controller.signal,
      });
      const body = (await response.json().catch(() => ({}))) as Partial<AddressSuggestionsResponse>;
      if (controller.signal.aborted) return;
      if (!response.ok) {
        const problem = response.status === 429 ? 'rate-limited' : 'unavailable';
        setStatus(problem);
        setSuggestions([]);
        closeList();
        setAnnouncement(t(problem === 'rate-limited' ? 'address.rate-limited' : 'address.unavailable'));
        return;
      }
      const list = Array.isArray(body.suggestions) ? body.suggestions : [];
      // The answer can come after the user has gone down the list shown before it (a search for an
      // earlier prefix): the suggestion they highlighted stays highlighted if it is still offered, so
      // that their Enter picks it rather than sending the form.
      const highlighted = shownSuggestions.current[activeRef.current]?.address;
      setSuggestions(list);
      setActive(highlighted === undefined ? -1 : list.findIndex((suggestion) => suggestion.address === highlighted));
      setOpen(document.activeElement === inputRef.current);
      setStatus('done');
      setAnnouncement(
        list.length === 0
          ? t('address.count.none')
          : list.length === 1
            ? t('address.count.one')
            : t('address.count.other', { count: list.length }),
      );
    } catch {
      if (controller.signal.aborted) return;
      setStatus('unavailable');
      setAnnouncement(t('address.unavailable'));
    }
  }

  function onTextChange(value: string) {
    setText(value);
    setEdited(true);
    setChosen((current) => (current && current.address === value ? current : null));
    if (value.trim() === '') {
      clear();
      return;
    }
    stopSearching();
    const query = value.trim();
    if (query.length < minAddressQueryLength) {
      setSuggestions([]);
      closeList();
      setStatus('idle');
      return;
    }
    timer.current = setTimeout(() => void search(query), addressDebounceMs);
  }

  useTypedBeforeHydration(inputRef, text, onTextChange);

  function choose(suggestion: AddressSuggestion) {
    stopSearching();
    setText(suggestion.address);
    setChosen(suggestion);
    setEdited(true);
    closeList();
    setStatus('idle');
    setAnnouncement(t('address.chosen', { address: suggestion.address }));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = suggestions.length;
    switch (event.key) {
      case 'ArrowDown':
        if (count === 0) return;
        event.preventDefault();
        if (!expanded) {
          setOpen(true);
          setActive(event.altKey ? -1 : 0);
        } else {
          setActive((index) => (index + 1) % count);
        }
        return;
      case 'ArrowUp':
        if (count === 0) return;
        event.preventDefault();
        if (!expanded) {
          setOpen(true);
          setActive(count - 1);
        } else {
          setActive((index) => (index <= 0 ? count - 1 : index - 1));
        }
        return;
      case 'Enter': {
        const suggestion = expanded && active >= 0 ? suggestions[active] : undefined;
        if (suggestion) {
          // Picking, not submitting the form.
          event.preventDefault();
          choose(suggestion);
        }
        return;
      }
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          closeList();
        } else if (text !== '') {
          event.preventDefault();
          setEdited(true);
          clear();
        }
        return;
      case 'Home':
      case 'End':
        // With a suggestion active they move within the list; otherwise they move the text cursor.
        if (expanded && active >= 0) {
          event.preventDefault();
          setActive(event.key === 'Home' ? 0 : count - 1);
        }
        return;
    }
  }

  const comboboxProps = enhanced
    ? {
        role: 'combobox',
        'aria-autocomplete': 'list' as const,
        'aria-expanded': expanded,
        'aria-controls': listboxId,
        'aria-activedescendant': expanded && active >= 0 ? optionId(active) : undefined,
        autoComplete: 'off',
      }
    : // No autofill token fits one line of street, number, postcode and city: `street-address` is
      // a multi-line field (textarea and select only) and `address-line1` is the street line alone.
      {};

  return (
    <div className="field field--address" {...state.attributes}>
      <label className="field__label" htmlFor={fieldset.text.id}>
        {label ?? t('address.label')}
        {required ? (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      <div className="combobox">
        <input
          ref={inputRef}
          id={fieldset.text.id}
          name={fieldset.text.name}
          form={fieldset.text.formId}
          type="text"
          className="field__input combobox__input"
          value={text}
          required={required}
          spellCheck={false}
          {...comboboxProps}
          aria-invalid={state.showError || undefined}
          aria-describedby={describedBy}
          onChange={(event) => onTextChange(event.currentTarget.value)}
          onInput={state.onInput}
          onKeyDown={onKeyDown}
          onBlur={() => {
            // Leaving the field (clicking outside) closes the list; no pick means the message shows.
            closeList();
            state.onBlur();
          }}
        />
        {enhanced ? (
          <ul
            className="combobox__listbox"
            id={listboxId}
            role="listbox"
            aria-label={t('address.suggestions')}
            hidden={!expanded}
            // Clicking a suggestion must not blur the input first.
            onMouseDown={(event) => event.preventDefault()}
          >
            {suggestions.map((suggestion, index) => (
              <li
                key={`${suggestion.id}-${index}`}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className="combobox__option"
                onClick={() => choose(suggestion)}
              >
                {suggestion.address}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <input type="hidden" name={fieldset.lat.name} value={chosen ? String(chosen.lat) : ''} />
      <input type="hidden" name={fieldset.lon.name} value={chosen ? String(chosen.lon) : ''} />
      <input type="hidden" name={fieldset.id.name} value={chosen?.id ?? ''} />
      {enhanced ? (
        <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
          {announcement}
        </div>
      ) : null}
      {unknown ? (
        <div className="field__notice field__notice--unknown" id={unknownId}>
          <p>{t('address.unknown')}</p>
          <p>
            {t('address.unknown.next')}
            {servicePhone ? (
              <>
                {' '}
                {t('address.unknown.service')} <a href={`tel:${servicePhone.replace(/\s+/g, '')}`}>{servicePhone}</a>.
              </>
            ) : null}
          </p>
        </div>
      ) : null}
      {status === 'unavailable' || status === 'rate-limited' ? (
        <p className="field__hint field__notice">
          {t(status === 'rate-limited' ? 'address.rate-limited' : 'address.unavailable')}
        </p>
      ) : null}
      {hintId ? (
        <p className="field__hint" id={hintId}>
          {hint ?? t('address.hint')}
        </p>
      ) : null}
      <p className="field__error" id={fieldset.text.errorId} aria-live="polite">
        {message ? translateMessage(t, message) : null}
      </p>
    </div>
  );
}

/**
 * Without JavaScript: the server's suggestions for a typed address, to pick one by radio button.
 * The action turns the choice into text and location (shared/geocoding/address-verification.server.ts).
 */
export function AddressChoices({
  choices,
  name = 'address',
}: {
  choices: readonly AddressSuggestion[];
  name?: string;
}) {
  const t = useT();
  if (choices.length === 0) return null;
  return (
    <fieldset className="address-choices">
      <legend>{t('address.choose')}</legend>
      {choices.map((choice, index) => (
        <div key={choice.id} className="field field--checkbox">
          <input
            type="radio"
            className="field__checkbox"
            id={`${name}-choice-${index}`}
            name={`${name}.choice`}
            value={choice.id}
            defaultChecked={index === 0}
          />
          <label htmlFor={`${name}-choice-${index}`}>{choice.address}</label>
        </div>
      ))}
    </fieldset>
  );
}
