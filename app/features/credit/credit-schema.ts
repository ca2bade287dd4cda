import { z } from '~/platform/validation';
import { payment } from '~/config/payment';
import { normalizeVoucherCode } from './voucher-code';

/** The voucher form; the same schema runs in the browser and on the server. */
export const voucherSchema = z.object({
  intent: z.literal('voucher'),
  code: z.string({ error: 'required' }).transform((value, context) => {
    const code = normalizeVoucherCode(value);
    if (!code) {
      context.addIssue({ code: 'custom', message: 'credit.voucher.format' });
      return z.NEVER;
    }
    return code;
  }),
});

/** The top-up form: one of the configured amounts, and the key that makes a repeated submit harmless. */
export const topUpSchema = z.object({
  intent: z.literal('top-up'),
  amount: z
    .number({ error: 'credit.top-up.amount' })
    .int({ error: 'credit.top-up.amount' })
    .refine((cents) => (payment.topUpAmountsCents as readonly number[]).includes(cents), {
      error: 'credit.top-up.amount',
    }),
  idempotencyKey: z.string({ error: 'credit.top-up.expired' }).regex(/^[\w-]{16,64}$/, {
    error: 'credit.top-up.expired',
  }),
});
