import { reject, z } from '~/platform/validation';
import { payment } from '~/config/payment';
import { normalizeVoucherCode } from './voucher-code';

/** The voucher form; the same schema runs in the browser and on the server. */
export const voucherSchema = z.object({
  intent: z.literal('voucher'),
  code: z.pipe(
    z.string({ error: 'required' }),
    z.transform((value, context) => {
      const code = normalizeVoucherCode(value);
      if (!code) return reject(context, 'credit.voucher.format');
      return code;
    }),
  ),
});

/** The top-up form: one of the configured amounts, and the key that makes a repeated submit harmless. */
export const topUpSchema = z.object({
  intent: z.literal('top-up'),
  amount: z.number({ error: 'credit.top-up.amount' }).check(
    z.int({ error: 'credit.top-up.amount' }),
    z.refine((cents) => (payment.topUpAmountsCents as readonly number[]).includes(cents), {
      error: 'credit.top-up.amount',
    }),
  ),
  idempotencyKey: z.string({ error: 'credit.top-up.expired' }).check(
    z.regex(/^[\w-]{16,64}$/, {
      error: 'credit.top-up.expired',
    }),
  ),
});
