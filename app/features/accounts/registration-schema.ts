import { reject, z } from '~/platform/validation';
import { actionCodePattern } from '~/config/campaigns';
import { security } from '~/config/security';
import { addressSchema } from '~/shared/geocoding/address-schema';
import { mobilePhoneSchema } from '~/shared/phone/mobile-phone-schema';
import { berlinDate } from '~/platform/berlin-date';
import { isAtLeastYearsOld, parseGermanDate } from './birth-date';
import { emailSchema } from './email-schema';
import { passwordProblem } from '../../shared/security/password-policy';
import { salutations } from './salutations';
import { issuedBeforeAgeProblem, licenceSchema } from '~/features/driving-licence/public';

const requiredText = (max: number) =>
  z
    .string({ error: 'required' })
    .check(z.trim(), z.minLength(1, { error: 'required' }), z.maxLength(max, { error: 'text.too-long' }));

export const birthDateSchema = z.pipe(
  z.string({ error: 'required' }),
  z.transform((value, context) => {
    const date = parseGermanDate(value);
    if (!date) {
      return reject(context, 'date.invalid');
    }
    if (!isAtLeastYearsOld(date, security.minimumAge, berlinDate())) {
      return reject(context, 'date.too-young');
    }
    return date;
  }),
);

/**
 * A malformed action code (only a hand-made address or form carries one) is dropped, never an
 * error: the visitor could not correct a hidden field.
 */
export const actionCodeSchema = z.catch(z.optional(z.string().check(z.trim(), z.regex(actionCodePattern))), undefined);

const registrationFields = z.object({
  salutation: z.enum(salutations, { error: 'required' }),
  firstName: requiredText(100),
  lastName: requiredText(100),
  email: emailSchema,
  password: z.string({ error: 'required' }),
  birthDate: birthDateSchema,
  phone: mobilePhoneSchema,
  address: addressSchema,
  tariffId: z.string({ error: 'tariff.required' }).check(z.minLength(1, { error: 'tariff.required' })),
  acceptTerms: z.boolean({ error: 'terms.required' }).check(z.refine((value) => value, { error: 'terms.required' })),
  newsletter: z._default(z.boolean(), false),
  // A malformed code (only a hand-made address or form carries one) is dropped, never an error:
  // the visitor could not correct a hidden field.
  actionCode: actionCodeSchema,
});

const withPasswordCheck = <Schema extends z.ZodMiniType<{ password: string; email: string }>>(schema: Schema) =>
  schema.check(
    z.superRefine((value, context) => {
      const problem = passwordProblem(value.password, value.email);
      if (problem) context.addIssue({ code: 'custom', path: ['password'], message: problem });
    }),
  );

/** Registration (docs/rules/accounts.md#registration); the same schema runs in the browser and on the server. */
export const registrationSchema = withPasswordCheck(registrationFields);

/**
 * Registration for car sharing: the same fields and the driving licence under `licence`
 * (docs/rules/accounts.md#driving-licence).
 */
export const carSharingRegistrationSchema = withPasswordCheck(
  z.extend(registrationFields, { licence: licenceSchema }).check(
    z.superRefine((value, context) => {
      const problem = issuedBeforeAgeProblem(value.licence.issuedOn, value.birthDate);
      if (problem) context.addIssue({ code: 'custom', path: ['licence', 'issuedOn'], message: problem });
    }),
  ),
);

/** The brand's registration schema: with the licence where the brand asks for one. */
export function registrationSchemaFor(asksForLicence: boolean) {
  return asksForLicence ? carSharingRegistrationSchema : registrationSchema;
}

export type Registration = z.infer<typeof registrationSchema> & {
  licence?: z.infer<typeof carSharingRegistrationSchema>['licence'];
};
