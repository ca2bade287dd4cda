import { z } from '~/platform/validation';

/**
 * An email address as every form takes it: trimmed, lower-cased, at most 254 characters. A module
 * of its own so that forms asking only for an email (login, reset) do not pull the registration
 * schema's phone number library into their page.
 */
export const emailSchema = z.pipe(
  z.string({ error: 'required' }).check(z.trim(), z.toLowerCase(), z.maxLength(254, { error: 'email.invalid' })),
  z.email({ error: 'email.invalid' }),
);
