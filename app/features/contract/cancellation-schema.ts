import { reject, z } from '~/platform/validation';
import { emailSchema, parseGermanDate } from '~/features/accounts/public';
import { berlinDate } from '~/platform/berlin-date';
import { cancellationKinds, contractSettings } from './contract-settings';

/**
 * The cancellation form (docs/rules/contract-and-cancellation.md#cancellation-button), public and in the
 * self-service area: the same schema validates in the browser and on the server. Messages are catalogue
 * keys.
 */
const customerNumberPattern = /^\d{4,12}$/;
/** Local part, then dot-separated labels: each character can be matched one way only (no backtracking). */
const simpleEmail = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/** An email address (any case) or a customer number (digits; spaces ignored). */
export function normaliseIdentifier(value: string): string {
  const trimmed = value.trim();
  return trimmed.includes('@') ? trimmed.toLowerCase() : trimmed.replace(/\s+/g, '');
}

function isEmailOrCustomerNumber(value: string): boolean {
  const normalised = normaliseIdentifier(value);
  return normalised.includes('@') ? simpleEmail.test(normalised) : customerNumberPattern.test(normalised);
}

/** The email address or customer number that identifies the declarant's account, normalised. */
export const declarantIdentifier = z.pipe(
  z.string({ error: 'required' }).check(
    z.trim(),
    // Forms may send 16 KiB per field: a longer text is refused before any pattern reads it.
    z.maxLength(254, { error: 'cancel.identifier.invalid', abort: true }),
    z.refine(isEmailOrCustomerNumber, { error: 'cancel.identifier.invalid' }),
  ),
  z.transform(normaliseIdentifier),
);

/**
 * Line breaks, tabs and invisible formatting characters (bidirectional overrides, zero-width
 * characters): nothing a name holds, and in a name that a mail to any address begins with, a way to
 * lay out a message of one's own in the brand's mail.
 */
const breaksOrFormatting = /[\t\n\r\p{Cf}]/u;

/** A required one-line text, such as a name. */
export const singleLineText = (max: number) =>
  requiredText(max).check(z.refine((value) => !breaksOrFormatting.test(value), { error: 'text.single-line' }));

export const requiredText = (max: number) =>
  z
    .string({ error: 'required' })
    .check(z.trim(), z.minLength(1, { error: 'required' }), z.maxLength(max, { error: 'text.too-long' }));

export const cancellationSchema = z.pipe(
  z
    .object({
      kind: z.enum(cancellationKinds, { error: 'cancel.kind.required' }),
      reason: z.optional(
        z.string().check(z.trim(), z.maxLength(contractSettings.reason.maxLength, { error: 'text.too-long' })),
      ),
      name: singleLineText(200),
      identifier: declarantIdentifier,
      contract: z
        .string({ error: 'cancel.contract.required' })
        .check(z.minLength(1, { error: 'cancel.contract.required' })),
      /** `dd.mm.yyyy`, or empty for the earliest possible date; becomes `yyyy-mm-dd`. */
      endDate: z.pipe(
        z.optional(z.string()),
        z.transform((value, context) => {
          if (!value?.trim()) return undefined;
          const date = parseGermanDate(value);
          if (!date) return reject(context, 'date.invalid');
          if (date < berlinDate()) return reject(context, 'cancel.end-date.past');
          return date;
        }),
      ),
      confirmationEmail: emailSchema,
      /** Only in the self-service area, when the last login is more than 15 minutes ago. */
      currentPassword: z.optional(z.string().check(z.maxLength(1024))),
    })
    .check(
      z.superRefine((value, context) => {
        if (value.kind === 'extraordinary' && !value.reason) {
          context.addIssue({ code: 'custom', path: ['reason'], message: 'cancel.reason.required' });
        }
      }),
    ),
  // A reason belongs to an extraordinary cancellation only; with an ordinary one it is dropped.
  z.transform((value) => ({ ...value, reason: value.kind === 'extraordinary' ? value.reason : undefined })),
);

export type CancellationForm = z.infer<typeof cancellationSchema>;
