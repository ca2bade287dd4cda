import { z } from '~/platform/validation';
import { mobilePhoneSchema } from '~/shared/phone/mobile-phone-schema';

/**
 * The new phone number's form, in the browser and on the server. A module of its own: on the
 * server it brings the phone number parser, which the other personal-data forms do not need.
 */
export const phoneNumberSchema = z.object({
  phone: mobilePhoneSchema,
});
