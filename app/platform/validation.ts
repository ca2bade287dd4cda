import * as z from 'zod/mini';
import { en } from 'zod/locales';

/**
 * Zod for every schema of the app, in its functional "mini" form: a schema carries no methods, so
 * the browser's bundle holds only the schema kinds and checks the app uses (decision 0045).
 *
 * Zod's fast path compiles parsers with `new Function`, which our CSP forbids in the browser, and
 * merely probing for it there logs a CSP violation (Lighthouse's best practices count it). Parsing a
 * form is not hot enough to want the fast path on the server either. The English messages are for
 * the issues no schema names a message key for (an operator's environment, a content service's
 * answer); "mini" leaves them out unless asked. Both must be set before any schema parses, hence
 * one module that every schema imports zod from.
 */
z.config({ jitless: true, ...en() });

export { z };

/**
 * A text that is unset when blank: `text` (by default the text trimmed) piped into `undefined` for
 * an empty result, for optional settings and query values that may arrive empty.
 */
export function trimmedOrUnset(text: z.ZodMiniType<string, unknown> = z.string().check(z.trim())) {
  return z.pipe(
    text,
    z.transform((value: string) => value || undefined),
  );
}

/**
 * Records an issue in a `z.transform` (its message a catalogue key, its path relative to the
 * transformed value). Mini's transforms get the bare parse payload, without classic zod's
 * `addIssue`; this is what that did.
 */
export function addIssue(payload: z.core.ParsePayload, message: string, path: PropertyKey[] = []): void {
  payload.issues.push({ code: 'custom', message, input: payload.value, path });
}

/** Rejects the value in a `z.transform`: records the issue and returns zod's marker for "no value". */
export function reject(payload: z.core.ParsePayload, message: string, path: PropertyKey[] = []): never {
  addIssue(payload, message, path);
  return z.NEVER;
}
