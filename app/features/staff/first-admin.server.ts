import { security } from '~/config/security';
import { z } from '~/platform/validation';
import { createStaffAccount, type StaffEnrolment } from './staff-accounts.server';
import type { StaffContext } from './staff-context';

export class AdminInputError extends Error {
  override name = 'AdminInputError';
}

export interface CreateAdminInput {
  email: string;
  name: string;
  /** Read from stdin with `--password-stdin`; otherwise a strong random one is generated and printed. */
  password?: string;
}

const inputSchema = z.object({
  email: z.pipe(z.string().check(z.trim()), z.email('email: not a valid email address').check(z.maxLength(254))),
  name: z.string().check(z.trim(), z.minLength(1, 'name: required'), z.maxLength(100, 'name: at most 100 characters')),
  password: z.optional(
    z
      .string()
      .check(
        z.minLength(security.password.minLength, `password: at least ${security.password.minLength} characters`),
        z.maxLength(security.password.maxLength, `password: at most ${security.password.maxLength} characters`),
      ),
  ),
});

/**
 * An admin created on the command line (docs/rules/back-office.md#the-first-admin), never with a
 * default password. Refused when the email has an account already. Returns the enrolment, which the
 * command prints once.
 */
export async function createAdmin(
  ctx: Pick<StaffContext, 'db' | 'config'>,
  input: CreateAdminInput,
): Promise<StaffEnrolment> {
  const parsed = inputSchema.safeParse(input);
  if (!parsed.success) throw new AdminInputError(parsed.error.issues.map((issue) => issue.message).join('; '));
  const outcome = await createStaffAccount(
    ctx,
    { email: parsed.data.email, displayName: parsed.data.name, role: 'admin', password: parsed.data.password },
    null,
  );
  if (outcome.kind === 'email-taken') {
    throw new AdminInputError(`a staff account for ${parsed.data.email.trim().toLowerCase()} exists already`);
  }
  return outcome.enrolment;
}

/** What the command prints, once: the only time password, TOTP key and recovery codes are readable. */
export function enrolmentText(enrolment: StaffEnrolment, passwordGenerated: boolean): string {
  return [
    `Admin ${enrolment.email} created.`,
    passwordGenerated ? `Password: ${enrolment.password}` : 'Password: as given on stdin',
    `TOTP key URI (add it to an authenticator app, e.g. as a QR code): ${enrolment.otpauthUri}`,
    `TOTP secret (manual entry): ${enrolment.totpSecret}`,
    'Recovery codes (each works once; keep them offline):',
    ...enrolment.recoveryCodes.map((code) => `  ${code}`),
    'None of this is shown again.',
  ].join('\n');
}
