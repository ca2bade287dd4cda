import { z } from '~/platform/validation';
import { emailSchema } from './email-schema';

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'required' }).min(1, { error: 'required' }).max(1024),
  redirectTo: z.string().optional(),
});

export const passwordResetStartSchema = z.object({ email: emailSchema });

export const passwordResetFinishSchema = z.object({
  token: z.string({ error: 'reset.link-invalid' }),
  password: z.string({ error: 'required' }).min(1, { error: 'required' }),
});
