import { z } from '~/platform/validation';

/**
 * Withdrawing a pending cancellation: only the password of the 15-minute check, which the server
 * asks for outside that window. Validates in the browser and on the server.
 */
export const withdrawSchema = z.object({ currentPassword: z.optional(z.string().check(z.maxLength(1024))) });
