import { httpRequest } from '~/platform/http-client';
import type { PhoneMessageKey } from '~/shared/phone/phone';
import { phoneCheckPath, type PhoneJudgement } from '~/shared/phone/phone-judgement';
import { csrfFieldName } from '~/shared/security/form-fields';

/**
 * Asks the server's check about a typed number (docs/decisions/0043-phone-numbers-judged-by-the-server.md),
 * with the CSRF token of the form the field is in, like any POST. Undefined when there is no judgement:
 * no token, no answer, too many questions from this address, or an answer that is no judgement. The
 * field then shows the form's messages, and the server judges the number when the form is sent.
 */
export async function askPhoneCheck(
  form: HTMLFormElement | null | undefined,
  regionCode: string,
  phonenumber: string,
  signal: AbortSignal,
): Promise<PhoneJudgement | undefined> {
  const token = form?.elements.namedItem(csrfFieldName);
  if (!(token instanceof HTMLInputElement)) return undefined;
  try {
    const response = await httpRequest(phoneCheckPath, {
      method: 'POST',
      headers: { accept: 'application/json' },
      body: new URLSearchParams({ [csrfFieldName]: token.value, regionCode, phonenumber }),
      signal,
    });
    if (!response.ok) return undefined;
    const body = (await response.json()) as Partial<Record<'e164' | 'message', unknown>>;
    if (typeof body.message === 'string') return { message: body.message as PhoneMessageKey };
    if (typeof body.e164 === 'string') return { e164: body.e164 };
    return undefined;
  } catch {
    return undefined;
  }
}
