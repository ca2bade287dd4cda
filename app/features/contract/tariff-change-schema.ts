import { z } from '~/platform/validation';

/** The tariff change: one of the offered tariffs. Validates in the browser and on the server. */
export const tariffChangeSchema = z.object({
  tariffId: z
    .string({ error: 'tariff.required' })
    .check(z.minLength(1, { error: 'tariff.required' }), z.maxLength(100)),
});
