import type { PhoneMessageKey } from './phone';

/**
 * What the check of a typed phone number concludes (docs/rules/forms-and-fields.md#phone-numbers): the
 * number's E.164 form when it is a valid mobile number, otherwise the message the field shows.
 * Everything here is safe for the browser: it carries no phone number metadata.
 */
export type PhoneJudgement = { e164: string; message?: undefined } | { message: PhoneMessageKey };

/**
 * Judges a typed number for a region. The server's judge parses it (`judge.server.ts`); the browser's
 * (`judge.browser.ts`) answers undefined, because the metadata stays on the server
 * (docs/decisions/0043-phone-numbers-judged-by-the-server.md). Which one a module gets is chosen by
 * the `#phone-judge` import's `browser` condition in package.json.
 */
export type JudgeMobilePhone = (input: string, regionCode: string) => PhoneJudgement | undefined;

/** The phone field's check: our own resource route, asked with a POST so the number never sits in a URL. */
export const phoneCheckPath = '/resources/phone-number';
/** The field asks 200 ms after the last change, like the address field. */
export const phoneCheckDebounceMs = 200;
