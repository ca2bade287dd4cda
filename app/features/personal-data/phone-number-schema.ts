import { z } from '~/platform/validation';
import { mobilePhoneSchema } from '~/shared/phone/phone';

/**
 * The new phone number's form, in the browser and on the server. A module of its own: it brings
 * the phone number metadata, which the other personal-data forms do not need.
 */
export const phoneNumberSchema = z.object({
  phone: mobilePhoneSchema,
});
