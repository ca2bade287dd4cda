import { z } from '~/platform/validation';
import { emailSchema } from '~/features/accounts/public';
import { declarantIdentifier, singleLineText } from './cancellation-schema';

/**
 * The withdrawal function's form (docs/rules/contract-and-cancellation.md#withdrawal): only what
 * identifies the contract, and the address for the acknowledgement. `intent` tells its two steps
 * apart: `review` shows the declaration with the confirmation button, `confirm` sends it, `edit` goes
 * back to the fields. The same schema validates in the browser and on the server.
 */
export const withdrawalSchema = z.object({
  intent: z.enum(['review', 'confirm', 'edit']),
  name: singleLineText(200),
  identifier: declarantIdentifier,
  confirmationEmail: emailSchema,
});

export type WithdrawalForm = z.infer<typeof withdrawalSchema>;
