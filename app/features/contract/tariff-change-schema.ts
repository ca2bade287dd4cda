import { z } from '~/platform/validation';

const tariffId = z
  .string({ error: 'tariff.required' })
  .check(z.minLength(1, { error: 'tariff.required' }), z.maxLength(100));

/** The tariff change's choice: one of the offered tariffs. Validates in the browser and on the server. */
export const tariffChangeSchema = z.object({ tariffId });

/**
 * The confirmation after the summary (docs/rules/contract-and-cancellation.md#tariff-change): the chosen tariff and
 * the key of the summary the customer saw (`TariffChangeReview.key`), which the server checks again.
 */
export const tariffChangeConfirmationSchema = z.object({
  tariffId,
  reviewKey: z.string({ error: 'tariff-change.review-outdated' }).check(z.minLength(1), z.maxLength(500)),
});
