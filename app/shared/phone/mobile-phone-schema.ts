import { judgeMobilePhone } from '#phone-judge';
import { reject, z } from '~/platform/validation';
import { phoneRegion } from './phone-regions';

/**
 * The value of a phone field (docs/rules/forms-and-fields.md#phone-field): the chosen region, the typed
 * number and the parsed number the browser stored once the server's check found it valid. The server
 * never trusts `parsedPhoneNumber`: it parses `phonenumber` again, and the schema's output is the E.164
 * number. In the browser the schema only asks for a number; the field shows the server's check of it
 * (docs/decisions/0043-phone-numbers-judged-by-the-server.md).
 *
 * Messages sit on `phonenumber`, the input the user types into, so the form shows them there.
 */
export const mobilePhoneSchema = z.pipe(
  z.object({
    regionCode: z.optional(z.string()),
    phonenumber: z.optional(z.string()),
    parsedPhoneNumber: z.optional(z.string()),
  }),
  z.transform((value, ctx) => {
    const input = value.phonenumber?.trim() ?? '';
    if (input === '') {
      return reject(ctx, 'required', ['phonenumber']);
    }
    const judgement = judgeMobilePhone(input, phoneRegion(value.regionCode));
    if (!judgement) return value.parsedPhoneNumber ?? '';
    if (judgement.message) {
      return reject(ctx, judgement.message, ['phonenumber']);
    }
    return judgement.e164;
  }),
);

export type PhoneFieldInput = z.input<typeof mobilePhoneSchema>;
