import { z } from '~/platform/validation';
import { emailSchema } from './email-schema';

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'required' }).check(z.minLength(1, { error: 'required' }), z.maxLength(1024)),
  redirectTo: z.optional(z.string()),
});

export const passwordResetStartSchema = z.object({ email: emailSchema });

export const passwordResetFinishSchema = z.object({
  token: z.string({ error: 'reset.link-invalid' }),
  password: z.string({ error: 'required' }).check(z.minLength(1, { error: 'required' })),
});
