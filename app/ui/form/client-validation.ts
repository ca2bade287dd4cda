import { parse, useForm, type DefaultValue, type Submission, type SubmissionResult } from '@conform-to/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { Resubmission } from '~/shared/security/resubmission.server';
import type { z } from '~/platform/validation';
import { onDemand } from './on-demand';

/**
 * A form's validation in the browser, loaded when the visitor starts on the form (docs/decisions/0016).
 * Zod and the schema are most of a form page's
 * JavaScript, and only typing needs them: the page works without them, as it does without any
 * JavaScript, because the server validates every form.
 *
 * `onValidate` goes to Conform's `useForm`, the object itself to `AppForm`, which starts loading on
 * the first focus or pointer press in the form, or when the browser is next idle after hydrating
 * it (`useLoadWhenIdle`), and holds back submit events until the validator is there
 * (`holdUntilSettled`). Should it fail to load, every submission is accepted in the browser and the
 * server's answer shows the messages.
 */
export interface ClientValidation<Input extends Record<string, unknown>, Output> extends ValidatorLoading {
  onValidate(context: { formData: FormData }): Submission<Input, string[], Output>;
}

/** What `AppForm` needs of it. */
export interface ValidatorLoading {
  /** Starts loading the validator, once; settles when it is there or could not be loaded. */
  load(): Promise<void>;
  /** The validator is there, or could not be loaded. */
  settled(): boolean;
}

type FormInput<Schema extends z.ZodMiniType> =
  z.input<Schema> extends Record<string, unknown> ? z.input<Schema> : never;

export function clientValidation<Schema extends z.ZodMiniType>(
  loadSchema: () => Promise<Schema>,
): ClientValidation<FormInput<Schema>, z.output<Schema>> {
  type Result = Submission<FormInput<Schema>, string[], z.output<Schema>>;
  const validator = onDemand(async () => {
    const [{ parseWithZod }, schema] = await Promise.all([import('@conform-to/zod/v4'), loadSchema()]);
    return (formData: FormData) => parseWithZod(formData, { schema }) as Result;
  });
  return {
    onValidate: ({ formData }) => validator.current()?.(formData) ?? acceptedForTheServer(formData),
    load: validator.load,
    settled: validator.settled,
  };
}

/** One `clientValidation` per form instance; `loadSchema` is read on the first render only. */
function useClientValidation<Schema extends z.ZodMiniType>(loadSchema: () => Promise<Schema>) {
  const [validation] = useState(() => clientValidation(loadSchema));
  return validation;
}

/**
 * A form whose validation comes on demand: Conform's form with the project's message timing
 * (validated on blur, again on every input), and the `validation` to hand to `AppForm`. A form that
 * the server sent back because its token had expired (the root's `resubmission`) shows what was
 * typed and the message asking to send it again, as if the server had answered it.
 */
export function useFormWithValidationOnDemand<Schema extends z.ZodMiniType>(
  loadSchema: () => Promise<Schema>,
  options: {
    /** The form's own id, from which its fields' ids derive; Conform makes one up without it. */
    id?: string;
    lastResult: SubmissionResult<string[]> | null | undefined;
    defaultValue?: DefaultValue<FormInput<Schema>>;
  },
) {
  const validation = useClientValidation(loadSchema);
  const ownId = useId();
  const id = options.id ?? ownId;
  // The root loader's data by its shape only: ui/ does not import the document shell (app/root.tsx).
  const resubmission = useRouteLoaderData<{ resubmission: Resubmission | null }>('root')?.resubmission;
  const [form, fields] = useForm({
    ...options,
    id,
    lastResult: options.lastResult ?? (resubmission?.formId === id ? resubmission.result : undefined),
    onValidate: validation.onValidate,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  return { form, fields, validation };
}

/** No validator: the browser lets everything through, the server judges it. */
function acceptedForTheServer<Result>(formData: FormData): Result {
  return parse(formData, { resolve: (value) => ({ value }) }) as Result;
}

/**
 * Loads the validator once the browser has nothing else to do, so that the first blur finds it
 * there also on a slow network, without competing with the page's own loading.
 */
export function useLoadWhenIdle(validation: ValidatorLoading | undefined): void {
  useEffect(() => {
    if (!validation) return;
    const load = () => void validation.load();
    // Safari has no requestIdleCallback: a moment after hydration is near enough.
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(load, 1000);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(load);
    return () => cancelIdleCallback(idle);
  }, [validation]);
}

/**
 * Holds a submit event that comes before the validator: the visitor's, or Conform's request to
 * validate a field (Conform asks by submitting the form with a button of its own, on blur or
 * input). Once the validator is there, the same submit happens again, so fields get the messages
 * and focus they would have got had the validator been there all along.
 */
export function holdUntilSettled(event: FormEvent<HTMLFormElement>, validation: ValidatorLoading): void {
  event.preventDefault();
  const form = event.currentTarget;
  const submitter = (event.nativeEvent as SubmitEvent).submitter;
  // Conform's button exists only while its event is dispatched: remember what it said.
  const said =
    submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement
      ? { name: submitter.name, value: submitter.value }
      : null;
  void validation.load().then(() => {
    if (!form.isConnected) return;
    if (submitter?.isConnected) {
      form.requestSubmit(submitter);
    } else if (said) {
      const button = form.ownerDocument.createElement('button');
      Object.assign(button, { type: 'submit', hidden: true, formNoValidate: true, ...said });
      form.append(button);
      try {
        form.requestSubmit(button);
      } finally {
        button.remove();
      }
    } else {
      form.requestSubmit();
    }
  });
}
