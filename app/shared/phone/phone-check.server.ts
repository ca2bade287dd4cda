import type { RateLimitStore } from '~/platform/rate-limit/store';
import { addressGroup } from '~/shared/security/address-group.server';
import { judgeMobilePhone } from './judge.server';
import type { PhoneJudgement } from './phone-judgement';
import { phoneRegion } from './phone-regions';

/**
 * Per address: a field asks at most once per 200 ms pause in typing, so a person filling a form asks a
 * few dozen times; an office behind one address has room for many such people, a script for no more.
 */
export const phoneCheckLimit = { max: 300, windowMs: 10 * 60_000 };

export type PhoneCheckOutcome =
  | { status: 'judged'; judgement: PhoneJudgement }
  | { status: 'no-number' }
  | { status: 'rate-limited'; retryAfterSeconds: number };

/**
 * The phone field's check of a typed number (docs/decisions/0043-phone-numbers-judged-by-the-server.md):
 * the same judgement the form's schema makes when the form is sent. The form's `regionCode` is one of
 * the known regions or the default (`phoneRegion`); the number is judged whatever its length, since the
 * parser refuses more than 250 characters before it looks at them, and the form's own limits bound the
 * body. An empty number is no question (the field says "required" itself).
 */
export async function checkPhoneNumber(
  form: FormData,
  services: { rateLimits: RateLimitStore; clientIp: string },
): Promise<PhoneCheckOutcome> {
  const allowed = await services.rateLimits.hit(`phone-check:${addressGroup(services.clientIp)}`, phoneCheckLimit);
  if (!allowed) return { status: 'rate-limited', retryAfterSeconds: Math.ceil(phoneCheckLimit.windowMs / 1000) };
  const regionCode = form.get('regionCode');
  const number = form.get('phonenumber');
  const input = typeof number === 'string' ? number.trim() : '';
  if (input === '') return { status: 'no-number' };
  const region = phoneRegion(typeof regionCode === 'string' ? regionCode : undefined);
  return { status: 'judged', judgement: judgeMobilePhone(input, region) };
}
