import { z } from '~/platform/validation';
import { ibanProblem, isValidBic, needsBic, normalizeBic, normalizeIban } from './iban';

/** The password of the 15-minute re-authentication; the server decides whether it is needed. */
const currentPassword = z.optional(z.string().check(z.maxLength(1024)));

/** The SEPA form; the same schema runs in the browser and on the server. */
export const sepaSchema = z
  .object({
    intent: z.literal('sepa'),
    // SEPA allows 70 characters for the debtor's name.
    accountHolder: z
      .string({ error: 'required' })
      .check(
        z.trim(),
        z.minLength(1, { error: 'required' }),
        z.maxLength(70, { error: 'payment.holder.too-long' }),
        z.regex(/^[^\p{Cc}<>]+$/u, { error: 'payment.holder.invalid' }),
      ),
    iban: z.pipe(z.string({ error: 'required' }), z.transform(normalizeIban)).check(
      z.superRefine((iban, context) => {
        if (iban === '') context.addIssue({ code: 'custom', message: 'required' });
        else {
          const problem = ibanProblem(iban);
          if (problem) context.addIssue({ code: 'custom', message: problem });
        }
      }),
    ),
    bic: z.optional(
      z
        .pipe(z.string(), z.transform(normalizeBic))
        .check(z.refine((bic) => bic === '' || isValidBic(bic), { error: 'payment.bic.invalid' })),
    ),
    consent: z.boolean({ error: 'payment.consent.required' }).check(
      z.refine((value) => value, {
        error: 'payment.consent.required',
      }),
    ),
    currentPassword,
    /** Filled by the page from the widget's `sepa-verify-complete` event; empty without JavaScript. */
    verificationToken: z.optional(z.string().check(z.maxLength(4096))),
  })
  .check(
    z.superRefine((value, context) => {
      if (!value.bic && ibanProblem(value.iban) === null && needsBic(value.iban)) {
        context.addIssue({ code: 'custom', path: ['bic'], message: 'payment.bic.required' });
      }
    }),
  );

export type SepaInput = z.infer<typeof sepaSchema>;

/** Card or PayPal: off to the provider's hosted page. */
export const checkoutSchema = z.object({
  intent: z.literal('checkout'),
  kind: z.enum(['card', 'paypal'], { error: 'payment.kind.invalid' }),
  currentPassword,
});

/** Back from the hosted page: store the method it produced. */
export const confirmCheckoutSchema = z.object({
  intent: z.literal('confirm'),
  session: z.string({ error: 'payment.checkout.invalid' }).check(z.minLength(1), z.maxLength(4096)),
  currentPassword,
});
