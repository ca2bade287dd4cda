import { z } from '~/platform/validation';
import { passwordProblem } from '~/shared/security/password-policy';
import { emailSchema } from '~/features/accounts/public';
import { personalDataPolicy } from './policy';

/**
 * The personal-data forms. Each schema runs in the browser (Conform, once JavaScript runs) and again
 * on the server; the server then applies what only it knows (the current password, the list of
 * common passwords, whether an address is taken). The new phone number's is in phone-number-schema.ts.
 */

/** The password confirmation of a sensitive change: asked for only outside the 15-minute window. */
const currentPassword = z.optional(z.string().check(z.maxLength(1024)));

export const emailChangeSchema = z.object({
  email: emailSchema,
  currentPassword,
});

const codePattern = new RegExp(`^\\d{${personalDataPolicy.phoneCode.digits}}$`);

export const phoneCodeSchema = z.object({
  code: z.pipe(
    z.pipe(
      z.string({ error: 'required' }),
      z.transform((value) => value.replace(/\s+/g, '')),
    ),
    z
      .string()
      .check(z.minLength(1, { error: 'required' }), z.regex(codePattern, { error: 'phone-change.code-format' })),
  ),
});

export const passwordChangeSchema = z
  .object({
    currentPassword: z.string({ error: 'required' }).check(z.minLength(1, { error: 'required' }), z.maxLength(1024)),
    newPassword: z.string({ error: 'required' }).check(z.minLength(1, { error: 'required' })),
  })
  .check(
    z.superRefine((value, context) => {
      // The email's local part is checked on the server, which knows the address.
      const problem = passwordProblem(value.newPassword, undefined);
      if (problem) context.addIssue({ code: 'custom', path: ['newPassword'], message: problem });
    }),
  );

export const deletionRequestSchema = z.object({
  currentPassword,
});
