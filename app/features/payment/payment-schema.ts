import { z } from '~/platform/validation';
import { ibanProblem, isValidBic, needsBic, normalizeBic, normalizeIban } from './iban';

/** The password of the 15-minute re-authentication; the server decides whether it is needed. */
const currentPassword = z.string().max(1024).optional();

/** The SEPA form; the same schema runs in the browser and on the server. */
export const sepaSchema = z
  .object({
    intent: z.literal('sepa'),
    // SEPA allows 70 characters for the debtor's name.
    accountHolder: z
      .string({ error: 'required' })
      .trim()
      .min(1, { error: 'required' })
      .max(70, { error: 'payment.holder.too-long' })
      .regex(/^[^\p{Cc}<>]+$/u, { error: 'payment.holder.invalid' }),
    iban: z
      .string({ error: 'required' })
      .transform(normalizeIban)
      .superRefine((iban, context) => {
        if (iban === '') context.addIssue({ code: 'custom', message: 'required' });
        else {
          const problem = ibanProblem(iban);
          if (problem) context.addIssue({ code: 'custom', message: problem });
        }
      }),
    bic: z
      .string()
      .transform(normalizeBic)
      .refine((bic) => bic === '' || isValidBic(bic), { error: 'payment.bic.invalid' })
      .optional(),
    consent: z.boolean({ error: 'payment.consent.required' }).refine((value) => value, {
      error: 'payment.consent.required',
    }),
    currentPassword,
    /** Filled by the page from the widget's `sepa-verify-complete` event; empty without JavaScript. */
    verificationToken: z.string().max(4096).optional(),
  })
  .superRefine((value, context) => {
    if (!value.bic && ibanProblem(value.iban) === null && needsBic(value.iban)) {
      context.addIssue({ code: 'custom', path: ['bic'], message: 'payment.bic.required' });
    }
  });

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
  session: z.string({ error: 'payment.checkout.invalid' }).min(1).max(4096),
  currentPassword,
});
