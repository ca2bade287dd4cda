import { parse, type Submission, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import type { $ZodType, input, output } from 'zod/v4/core';
import { hasControlCharacters, nameSegments, withoutControlCharacters } from './form-shape';
import { fieldShape, isFieldOf, ownFieldsOf, type FieldShape } from './schema-fields';

/** The message on a field that holds a control character (messages: `form.control-characters`). */
export const controlCharactersMessage = 'form.control-characters';

/**
 * Every action's form parser: Conform and the form's Zod schema, as in the browser, with what only
 * the server must add (docs/decisions/0018-hostile-input-limits.md). The form has already passed the
 * shape limits when it was read (submitted-form.server.ts).
 *
 * - A field that holds a control character gets a message on that field, as any other invalid
 *   value does; the value never reaches a feature (PostgreSQL text cannot hold NUL).
 * - The answer to a refused form sends back only the form's own fields, whatever else the body
 *   carried (the CSRF token, the honeypot and made-up names stay out), and their text without
 *   control characters: the form shows what was typed, minus what nobody can see.
 */
export function parseForm<Schema extends $ZodType>(
  form: FormData,
  schema: Schema,
): Submission<input<Schema>, string[], output<Schema>> {
  const shape = fieldShape(schema);
  const checked = parseWithZod(form, { schema });
  const typed = controlCharacterErrors(form, shape);
  const submission = typed
    ? (parse(form, {
        resolve: () => ({ error: { ...(checked.status === 'error' ? checked.error : {}), ...typed } }),
      }) as typeof checked)
    : checked;
  const reply = submission.reply.bind(submission);
  return { ...submission, reply: (options) => ownFieldsOnly(reply(options), shape) };
}

function controlCharacterErrors(form: FormData, shape: FieldShape): Record<string, string[]> | null {
  const errors: Record<string, string[]> = {};
  for (const [name, value] of form) {
    if (typeof value === 'string' && hasControlCharacters(value) && isFieldOf(shape, nameSegments(name))) {
      errors[name] = [controlCharactersMessage];
    }
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

function ownFieldsOnly(result: SubmissionResult<string[]>, shape: FieldShape): SubmissionResult<string[]> {
  return {
    ...result,
    // `null` asks the form to reset; anything else is what the form shows again.
    initialValue:
      result.initialValue === null
        ? null
        : ((ownFieldsOf(shape, result.initialValue, withoutControlCharacters) ?? {}) as object),
    fields: result.fields?.filter((name) => isFieldOf(shape, nameSegments(name))),
  } as SubmissionResult<string[]>;
}
